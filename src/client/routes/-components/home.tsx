import { ComingSoon } from '../../components/coming-soon';
import { copy } from '../../copy';

export function Home() {
  return <ComingSoon title={copy.nav.home} />;
}
