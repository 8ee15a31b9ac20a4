import { formatDate } from '../shared/dates';
import { YEAR_MAX, YEAR_MIN } from '../shared/primitives';

/** The Russian messages and limits of the request's validation (the field table and the rules share them). */

export const dateMessages = {
  required: 'Введите дату',
  format: 'Введите дату в формате DD.MM.YYYY',
  invalid: 'Неверная дата',
  future: 'Укажите дату не позднее сегодняшней',
  min: (isoDate: string) => `Дата должна быть больше или равна ${formatDate(isoDate)}`,
} as const;

export const requestMessages = {
  choose: 'Нужно выбрать',
  contactKind: 'Укажите вид контакта',
  email: 'Укажите корректный email',
  contact: 'Укажите контактное лицо',
  kind: 'Укажите тип заявки',
  program: 'Укажите программное обеспечение',
  description: 'Введите описание',
  descriptionMax: 'Не более 2000 символов',
  tool: 'Укажите оборудование',
  learningType: 'Укажите вид обучения',
  note: 'Необходимо заполнить',
  repairTypeWarranty:
    'Неверно указан вид ремонта! Тип гарантийности оборудования не соответствует виду гарантийности ремонта.',
  beforeCreation: 'Не может быть меньше даты создания заявки',
  required: 'Нужно указать',
  beforePass: 'Не может быть меньше даты передачи в СЦ',
  beforeArrival: 'Не может быть меньше даты поступления',
  departureWithoutArrival: 'Сначала укажите дату поступления',
  beforeRequestDate: 'Не может быть меньше даты заявки',
  repairInFuture: 'Дата в будущем',
  repairDateError: 'Ошибка в дате',
  workTitle: 'Описание работы (до 255 символов)',
  spareTitle: 'Зип (до 255 символов)',
  cost: 'Стоимость не может быть отрицательной',
  studentName: 'Укажите ФИО слушателя',
  toolLine: 'Укажите оборудование',
  comment: 'Не более 2000 символов',
  commentMin: 'Сообщение должно содержать не менее 5 символов',
  units: 'Укажите объекты',
  integer: 'Введите целое число',
  value: 'Неверное значение',
  engineers: 'Неверный список исполнителей',
  year: `Год от ${YEAR_MIN} до ${YEAR_MAX}`,
} as const;

export const DESCRIPTION_MIN = 5;
export const DESCRIPTION_MAX = 2000;
export const TITLE_MAX = 255;
export const NOTE_MIN_EXCLUSIVE = 3;
export const COMMENT_MAX_EXCLUSIVE = 2000;
export const COMMENT_MIN = 5;

/** Free text fields the spec does not bound: bounded anyway, well above any real text. */
export const FREE_TEXT_MAX = 65535;
