import { CameraOutlined } from '@ant-design/icons';
import { limits } from '@tidemark/protocol';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from './useImageUpload';

interface Props {
  /** the uploaded image's URL, once the upload is done */
  value?: string;
  onChange?: (url: string | undefined) => void;
  id?: string;
}

/**
 * One ID image (at most 4 MB) as a form control. The thumbnail comes from the local file, so it
 * shows before the upload ends (the uploaded URL is a signed link that expires within the hour).
 */
export default function IdImageUpload({ onChange, id }: Props) {
  const { t } = useTranslation();
  const props = useImageUpload(limits.uploadIdentityBytesMax, onChange);
  return (
    <Upload<string>
      {...props}
      id={id}
      className="tm-id-upload"
      listType="picture-card"
      showUploadList={{ showPreviewIcon: false }}
    >
      {props.fileList?.length === 0 && (
        <span className="tm-id-upload-tile">
          <CameraOutlined aria-hidden />
          {t('identity.upload')}
        </span>
      )}
    </Upload>
  );
}
