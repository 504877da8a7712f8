/**
 * antd's message and Modal as hooks, so action feedback follows the app's theme and locale; hands
 * them to the actions (setFeedbackApi). Rendered by the dialog host on the first notice.
 */
import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { setFeedbackApi } from '../environment/default-notify.ts';

export default function FeedbackHolder() {
  const [modal, modalHolder] = Modal.useModal();
  const [messages, messageHolder] = message.useMessage();
  useEffect(() => {
    setFeedbackApi({
      confirm: (options) => void modal.confirm(options),
      success: (text) => void messages.success(text),
      warning: (text) => void messages.warning(text),
      error: (text) => void messages.error(text),
      loading: (text) => messages.loading(text, 0),
    });
    return () => setFeedbackApi(null);
  }, [modal, messages]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
