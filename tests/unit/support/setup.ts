/**
 * Every unit test file: testing-library's find* and waitFor give a screen 20 s (not 1 s) to reach the
 * awaited state. They return as soon as it does, so a quiet machine is not slowed; a busy CI machine
 * (lazy chunks, antd's first render) no longer fails a test that would have passed a moment later.
 * 10 s was once too short for a lazy module's first import with two CI runs at once.
 *
 * Files share a worker's module graph (isolate: false), so testing-library's own after-each cleanup is
 * registered only by the first file that imports it: every file registers it here, or what one file
 * rendered into document.body (a dialog) is still there when the next file queries the page.
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });
afterEach(() => cleanup());
