import { UploadOutlined } from '@ant-design/icons';
import { limits } from '@tidemark/protocol';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../account/useImageUpload';

interface Props {
  /** the uploaded screenshot's URL, once the upload is done */
  value?: string;
  onChange?: (url: string | undefined) => void;
  id?: string;
  /** an upload is in progress */
  onBusy?: (busy: boolean) => void;
}

/** One transfer screenshot (JPEG or PNG, at most 500 KB) as a form control. */
export default function ScreenshotUpload({ onChange, id, onBusy }: Props) {
  const { t } = useTranslation();
  const props = useImageUpload(limits.uploadDepositBytesMax, onChange, onBusy);
  return (
    <Upload<string> {...props} id={id}>
      {props.fileList?.length === 0 && <Button icon={<UploadOutlined aria-hidden />}>{t('deposit.chooseScreenshot')}</Button>}
    </Upload>
  );
}
