import { Link } from 'react-router';
import { BRAND } from '../brand';

export default function Brand() {
  return (
    <Link to="/exchange" className="tm-brand">
      <img src="/favicon.svg" alt="" width={24} height={24} />
      {BRAND}
    </Link>
  );
}
