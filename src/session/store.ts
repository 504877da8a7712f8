/**
 * The one jotai store of the app. React reads it through <Provider store={appStore}>; code outside
 * React (the api client, session handling) reads and writes the same atoms through it.
 */
import { createStore } from 'jotai';

export const appStore = createStore();
