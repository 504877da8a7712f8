/**
 * Every unit test file: testing-library's find* and waitFor give a screen 10 s (not 1 s) to reach the
 * awaited state. They return as soon as it does, so a quiet machine is not slowed; a busy CI machine
 * (lazy chunks, antd's first render) no longer fails a test that would have passed a moment later.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
