import { CameraOutlined } from '@ant-design/icons';
import { limits } from '@tidemark/protocol';
import { App, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/client';
import { useShowError } from '../../api/mutation';
import { rejection } from './rules';

const TYPES = ['image/jpeg', 'image/png'];

/** Why a file cannot be an ID image, checked before uploading (the server checks the bytes again). */
function imageProblem(file: File): string | undefined {
  if (!TYPES.includes(file.type)) return rejection('upload_type');
  if (file.size > limits.uploadIdentityBytesMax) return rejection('upload_too_large', { limit: '4 MB' });
  return undefined;
}

interface Props {
  /** the uploaded image's URL, once the upload is done */
  value?: string;
  onChange?: (url: string | undefined) => void;
  id?: string;
}

/**
 * One ID image as a form control. The thumbnail comes from the local file: the uploaded URL is
 * served only with the token, so an <img> could not show it.
 */
export default function IdImageUpload({ onChange, id }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const [files, setFiles] = useState<UploadFile<string>[]>([]);
  return (
    <Upload<string>
      id={id}
      className="tm-id-upload"
      listType="picture-card"
      accept={TYPES.join(',')}
      maxCount={1}
      fileList={files}
      showUploadList={{ showPreviewIcon: false }}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (!problem) return true;
        message.error(problem);
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
        // Nothing to report while uploading: the field would flash its "please upload" prompt.
        if (file.status !== 'uploading') onChange?.(file.status === 'done' ? file.response : undefined);
      }}
    >
      {files.length === 0 && (
        <span className="tm-id-upload-tile">
          <CameraOutlined />
          {t('identity.upload')}
        </span>
      )}
    </Upload>
  );
}
