import { formatBytes } from '@tidemark/protocol';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { upload } from '../../api/client';
import { useShowError } from '../../api/mutation';
import { rejection } from '../../api/rejection';
import { useToast } from '../../components/Toasts';

const TYPES = ['image/jpeg', 'image/png'];

/** Why a file cannot be sent as an image of at most `maxBytes`, in the server's own words. */
function imageProblem(file: File, maxBytes: number): string | undefined {
  if (!TYPES.includes(file.type)) return rejection('upload_type');
  if (file.size > maxBytes) return rejection('upload_too_large', { limit: formatBytes(maxBytes) });
  return undefined;
}

/**
 * The props of an antd Upload that is a form control for one JPEG or PNG image: the file is
 * checked before it is sent (the server judges the bytes again), uploaded with the session's
 * headers, and reported to the form as its URL once uploaded (undefined when removed or failed);
 * `onBusy` hears when an upload starts and ends, so a form can hold its submit meanwhile.
 */
export function useImageUpload(maxBytes: number, onChange?: (url: string | undefined) => void, onBusy?: (busy: boolean) => void): UploadProps<string> {
  const toast = useToast();
  const showError = useShowError();
  const [files, setFiles] = useState<UploadFile<string>[]>([]);
  return {
    accept: TYPES.join(','),
    maxCount: 1,
    fileList: files,
    beforeUpload: (file) => {
      const problem = imageProblem(file, maxBytes);
      if (!problem) return true;
      toast.error(problem);
      return Upload.LIST_IGNORE;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      upload(file as File).then(
        (url) => onSuccess?.(url),
        (error: Error) => {
          showError(error);
          onError?.(error);
        },
      );
    },
    onChange: ({ file, fileList }) => {
      setFiles(fileList);
      onBusy?.(file.status === 'uploading');
      // Nothing to report while uploading: the field would flash its "please upload" prompt.
      if (file.status !== 'uploading') onChange?.(file.status === 'done' ? file.response : undefined);
    },
  };
}
