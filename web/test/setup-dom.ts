// First: React DOM looks for a DevTools hook as it loads (src/testing/react-commits.ts records what it draws).
import '../src/testing/react-commits';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default; a lazy chunk's first import or a render on a loaded 2-core
// machine (CI runs every project at once) can take longer. A real miss still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
