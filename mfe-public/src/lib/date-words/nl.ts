import type { DateWords } from '../dates';

/** R-LANG-DATES: the Dutch words of dates (nl-NL as Intl.DateTimeFormat writes them). */
const words: DateWords = {
  weekday: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  weekdayShort: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
  month: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  monthShort: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  yearSeparator: ' ',
};

export default words;
