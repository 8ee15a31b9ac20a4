import dayjs from 'dayjs';
import 'dayjs/locale/ru';

// Russian month and day names; weeks start on Monday (the 'ru' locale's weekStart is 1).
dayjs.locale('ru');

export { dayjs };
