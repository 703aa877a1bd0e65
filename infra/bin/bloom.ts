import { createApp } from '../lib/app.ts';

createApp().app.synth();
