/**
 * What the generic renderers need from the application, in one place: the renderer environment. The
 * app (src/app/renderer-environment.tsx), Storybook and the unit tests each provide one; renderers/
 * imports nothing from src/.
 */
import type { ValidatorType } from '@rjsf/utils';
import type { ScreenDialogOptions } from '../dialogs/dialog-store.ts';

export type { ScreenDialogOptions };

export interface DataRequest {
  query?: object;
  body?: unknown;
  /** 'blob' for a binary operation (a download): the answer is the file as a Blob. */
  as?: 'json' | 'blob';
  /** Leave showing a failure to the caller. */
  silent?: boolean;
  /** Aborts the request (the component that asked is gone). */
  signal?: AbortSignal;
}

/** Calls a catalogue operation by id; resolves with its data, rejects as the client's envelope rules say. */
export type DataSource = (operation: string, request: DataRequest) => Promise<unknown>;

/** `session` in screen expressions: who is signed in and what they may do. */
export interface SessionScope {
  isSuper: boolean;
  isTenantAdmin: boolean;
  userId?: string;
  account?: string;
  name?: string;
  tenantId?: string | null;
  /** The original account while acting as another user. */
  switchAccount?: string | null;
  hasTenants: boolean;
  regOpen: boolean;
  /** The permissions held in the current tenant and subsystem (user.context); the super user holds all. */
  permissions: readonly string[];
  [key: string]: unknown;
}

/** Talking to the user: antd's message and Modal in the app, recorded in tests. */
export interface ActionUi {
  /** Resolves true when the user confirms. */
  confirm(text: string): Promise<boolean>;
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
  /** Shows a lasting 'busy' notice; call the returned function to hide it. */
  loading(text: string): () => void;
}

/**
 * What a signed file link is for, each served by one route: a download (fldFile.download), a preview read
 * by pdf.js or as text (fldFile.preview), an image shown by an <img> (file.getImage).
 */
export type FilePurpose = 'download' | 'preview' | 'image';

/** Where an upload goes that the api client cannot make itself (progress needs XMLHttpRequest; tus). */
export interface UploadTarget {
  uploadUrl: string;
  tusEndpoint: string;
  /** The session's headers at this moment (token, tenant, language). */
  headers: Record<string, string>;
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface RendererEnvironment {
  /** Call an operation of the catalogue (or download one, `as: 'blob'`). */
  call: DataSource;
  /** Whether the catalogue has this operation id (a screen naming another is broken). */
  isOperation(id: string): boolean;
  /** What the catalogue says a caller of the operation must hold (undefined: not known here). */
  permissionOf(id: string): string | undefined;
  /**
   * An address a plain <img>, link or pdf.js can load for a stored file: a signed link for this file and
   * purpose (fldFile.link). It carries no token and works for about a minute: ask right before loading.
   */
  fileLink(attachmentId: string, purpose: FilePurpose, signal?: AbortSignal): Promise<string>;
  /** Where uploads go now, with the session's headers. */
  uploadTarget(): UploadTarget;
  /** Session facts for expressions. */
  session: SessionScope;
  /** Whether the session may use something that declares `permission` (none declared: yes). */
  can(permission: unknown): boolean;
  translate: Translate;
  /** Whether a text key exists (undefined: the texts are not loaded yet, so nothing can be said). */
  hasText(key: string): boolean | undefined;
  /** Feedback to the user. */
  notify: ActionUi;
  /** Open a screen in a dialog or drawer; resolves with what the screen closed it with. */
  openDialog(options: ScreenDialogOptions): Promise<unknown>;
  /**
   * Compiles a form's validator in the browser, for a form the build did not precompile (a test's or a
   * story's fixture). The app gives none: its forms are precompiled (tools/form-validators/) and its
   * Content Security Policy allows no eval; a form without either shows as broken.
   */
  compileFormValidator?: (translate: Translate) => ValidatorType;
}
