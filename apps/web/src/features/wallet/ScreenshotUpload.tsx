import { UploadOutlined } from '@ant-design/icons';
import { limits } from '@tidemark/protocol';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/client';
import { useShowError } from '../../api/mutation';
import { rejection } from '../account/rules';

const TYPES = ['image/jpeg', 'image/png'];

/** Why a file cannot be a transfer screenshot, checked before uploading (the server checks again). */
function screenshotProblem(file: File): string | undefined {
  if (!TYPES.includes(file.type)) return rejection('upload_type');
  if (file.size > limits.uploadDepositBytesMax) {
    return rejection('upload_too_large', { limit: `${limits.uploadDepositBytesMax / 1024} KB` });
  }
  return undefined;
}

interface Props {
  /** the uploaded screenshot's URL, once the upload is done */
  value?: string;
  onChange?: (url: string | undefined) => void;
  id?: string;
}

/** One transfer screenshot (JPEG or PNG, at most 500 KB) as a form control. */
export default function ScreenshotUpload({ onChange, id }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const [files, setFiles] = useState<UploadFile<string>[]>([]);
  return (
    <Upload<string>
      id={id}
      accept={TYPES.join(',')}
      maxCount={1}
      fileList={files}
      beforeUpload={(file) => {
        const problem = screenshotProblem(file);
        if (!problem) return true;
        void message.error(problem);
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload(file as File).then(
          (url) => onSuccess?.(url),
          (error: Error) => {
            showError(error);
            onError?.(error);
          },
        );
      }}
      onChange={({ file, fileList }) => {
        setFiles(fileList);
        onChange?.(file.status === 'done' ? file.response : undefined);
      }}
    >
      {files.length === 0 && <Button icon={<UploadOutlined />}>{t('deposit.chooseScreenshot')}</Button>}
    </Upload>
  );
}
