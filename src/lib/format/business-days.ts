import { DAY_MS, storeDay } from './dates';

/**
 * Business days (dias úteis) on the São Paulo calendar: Monday to Friday, except the days Brazil's banks do not
 * open: the fixed-date national holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023: 01/01, 21/04, 01/05,
 * 07/09, 12/10, 02/11, 15/11, 20/11, 25/12) and the movable ones counted from Easter Sunday: Carnaval Monday and
 * Tuesday (−48, −47), Sexta-feira Santa (−2) and Corpus Christi (+60). State and city holidays are not counted:
 * on those days a due date stays as computed and the bank accepts payment the next business day.
 */
const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);
const EASTER_OFFSETS = [-48, -47, -2, 60];

/** Easter Sunday of a year (Gregorian calendar), as UTC midnight in ms: the anonymous Gregorian computus. */
export function easterSunday(year: number): number {
  const golden = year % 19;
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const leapCenturies = Math.floor(century / 4);
  const correction = Math.floor((century + 8) / 25);
  const moonCorrection = Math.floor((century - correction + 1) / 3);
  const epact = (19 * golden + century - leapCenturies - moonCorrection + 15) % 30;
  const weekdayShift = (32 + 2 * (century % 4) + 2 * Math.floor(yearOfCentury / 4) - epact - (yearOfCentury % 4)) % 7;
  const monthShift = Math.floor((golden + 11 * epact + 22 * weekdayShift) / 451);
  const month = Math.floor((epact + weekdayShift - 7 * monthShift + 114) / 31);
  const day = ((epact + weekdayShift - 7 * monthShift + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

const movable = new Map<number, Set<string>>();

/** The movable bank holidays of a year (YYYY-MM-DD), computed once per year. */
function movableHolidays(year: number): Set<string> {
  let days = movable.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set(EASTER_OFFSETS.map((offset) => new Date(easter + offset * DAY_MS).toISOString().slice(0, 10)));
    movable.set(year, days);
  }
  return days;
}

/** Whether a calendar date (YYYY-MM-DD) is a business day. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (
    weekday !== 0 &&
    weekday !== 6 &&
    !FIXED_HOLIDAYS.has(date.slice(5)) &&
    !movableHolidays(Number(date.slice(0, 4))).has(date)
  );
}

/** The date (YYYY-MM-DD) `days` business days after the São Paulo date of `now` (that day itself never counts). */
export function addBusinessDays(now: Date, days: number): string {
  let time = Date.parse(`${storeDay(now)}T00:00:00Z`);
  for (let left = days; left > 0;) {
    time += DAY_MS;
    if (isBusinessDay(new Date(time).toISOString().slice(0, 10))) left -= 1;
  }
  return new Date(time).toISOString().slice(0, 10);
}
