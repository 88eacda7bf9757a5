import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BlockWindow } from '@nsa/contracts';
import type { PUBLIC_PAGES } from '@nsa/web-kit/routes';
import { shortHex, type WindowOf, type WindowState } from '../lib/signup-window';
import { NAMESPACE } from '../namespace';
import { momentText } from './window-text';

/** The page that explains the draw (R-DRAW-RULES): one of this remote's pages in the route table. */
const LOTTERY_PATH: (typeof PUBLIC_PAGES)[number] = '/loting';

export interface LotteryNoteProps {
  block: WindowOf & Pick<BlockWindow, 'seedHash' | 'seed'>;
  state: WindowState;
  now: Date;
  /** The id of its main sentence, which describes the card's button. */
  id?: string;
}

/**
 * A lottery block's note on a card (R-DRAW-WINDOW, R-DRAW-COMMIT): when the places are drawn and
 * that the moment of signing up does not matter, the result's date once published, a link to
 * how the draw works, and the commitment: the seed's hash from the start, the seed after the
 * draw, each cut short with the whole value one click away.
 */
export function LotteryNote({ block, state, now, id }: LotteryNoteProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const long = (iso: string | null) => momentText(t, i18n.language, iso, { style: 'long', now });
  const vars = {
    opens: long(block.signupOpensAt),
    closes: long(block.signupClosesAt),
    date: long(block.drawPublishedAt),
  };
  const key =
    state === 'notOpen' || state === 'awaitingDraw' || state === 'drawn' ? state : 'lottery';
  return (
    <div className="pub-lottery-note" data-testid="lottery-note" data-window={state}>
      <p id={id}>
        <strong>{t(`window.${key}.lead`, vars)}</strong> {t(`window.${key}.text`, vars)}{' '}
        <Link to={LOTTERY_PATH}>{t('window.howLink')}</Link>
      </p>
      {block.seedHash ? (
        <Proof label={t('window.seedHash')} value={block.seedHash} testId="lottery-seed-hash" />
      ) : null}
      {block.seed ? (
        <Proof label={t('window.seed')} value={block.seed} testId="lottery-seed" />
      ) : null}
    </div>
  );
}

/** A long hex value, cut short; its whole value in the title and when opened. */
function Proof({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <details className="pub-lottery-proof" data-testid={testId}>
      <summary>
        {label}:{' '}
        <code title={value} dir="ltr">
          {shortHex(value)}
        </code>
      </summary>
      <code className="pub-proof-full" dir="ltr">
        {value}
      </code>
    </details>
  );
}
