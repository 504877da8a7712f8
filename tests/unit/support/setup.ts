/**
 * Every unit test file: testing-library's find* and waitFor give a screen 20 s (not 1 s) to reach the
 * awaited state. They return as soon as it does, so a quiet machine is not slowed; a busy CI machine
 * (lazy chunks, antd's first render) no longer fails a test that would have passed a moment later.
 * 10 s was once too short for a lazy module's first import with two CI runs at once.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });
