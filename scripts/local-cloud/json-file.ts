import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A small JSON document kept in memory and, when given a file, written through to disk so `npm start` keeps
 * its state across restarts. Without a file (tests) it lives in memory only.
 */
export class JsonFile<T> {
  value: T;

  constructor(
    private readonly file: string | undefined,
    initial: () => T,
  ) {
    this.value = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : initial();
  }

  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    // Write then rename, so a crash mid-write never leaves half a file behind.
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.value, null, 2));
    renameSync(temporary, this.file);
  }
}
