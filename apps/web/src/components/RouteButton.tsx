import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

type Props = Omit<ButtonProps, 'href'> & { to: string };

/** A button that is a real link (middle-click, copy address) but navigates in-app on a plain click. */
export default function RouteButton({ to, onClick, ...props }: Props) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
