/** Static demo data: real regions and courts, references and equipment models. */

export const regionsData = [
  { code: 77, title: 'г. Москва', city: 'г. Москве', instrumental: 'г. Москвой', phone: '+7 (495) 600-10-77' },
  { code: 78, title: 'г. Санкт-Петербург', city: 'г. Санкт-Петербурге', instrumental: 'г. Санкт-Петербургом', phone: '+7 (812) 600-10-78' },
  { code: 50, title: 'Московская область', city: 'Московской области', instrumental: 'Московской областью', phone: '+7 (495) 600-10-50' },
  { code: 54, title: 'Новосибирская область', city: 'Новосибирской области', instrumental: 'Новосибирской областью', phone: '+7 (383) 600-10-54' },
  { code: 66, title: 'Свердловская область', city: 'Свердловской области', instrumental: 'Свердловской областью', phone: '+7 (343) 600-10-66' },
  { code: 16, title: 'Республика Татарстан', city: 'Республике Татарстан', instrumental: 'Республикой Татарстан', phone: '+7 (843) 600-10-16' },
] as const;

/** Organisation kinds with the ids the unit import maps codes to (administration.md 5). */
export const organizationKindsData = [
  { id: 3, ksa_title: 'UD', title: 'Управление Судебного департамента в субъекте Российской Федерации', is_filial: false, signers_count: 2 },
  { id: 6, ksa_title: 'OS', title: 'Верховный суд республики, краевой, областной суд, суд города федерального значения', is_filial: false, signers_count: 3 },
  { id: 7, ksa_title: 'RS', title: 'Районный (городской) суд', is_filial: false, signers_count: 3 },
  { id: 11, ksa_title: 'AS', title: 'Арбитражный суд субъекта Российской Федерации', is_filial: false, signers_count: 3 },
  { id: 15, ksa_title: 'GV', title: 'Гарнизонный военный суд', is_filial: false, signers_count: 3 },
  { id: 17, ksa_title: 'IC', title: 'Филиал ФГБУ ИАЦ Судебного департамента', is_filial: true, signers_count: 2 },
] as const;

export const courtsByRegion: Record<number, { regional: string; district: string[] }> = {
  77: { regional: 'Московский городской суд', district: ['Басманный районный суд г. Москвы', 'Тверской районный суд г. Москвы', 'Хамовнический районный суд г. Москвы'] },
  78: { regional: 'Санкт-Петербургский городской суд', district: ['Смольнинский районный суд Санкт-Петербурга', 'Куйбышевский районный суд Санкт-Петербурга', 'Петроградский районный суд Санкт-Петербурга'] },
  50: { regional: 'Московский областной суд', district: ['Красногорский городской суд Московской области', 'Одинцовский городской суд Московской области', 'Химкинский городской суд Московской области'] },
  54: { regional: 'Новосибирский областной суд', district: ['Центральный районный суд г. Новосибирска', 'Железнодорожный районный суд г. Новосибирска', 'Ленинский районный суд г. Новосибирска'] },
  66: { regional: 'Свердловский областной суд', district: ['Ленинский районный суд г. Екатеринбурга', 'Кировский районный суд г. Екатеринбурга', 'Верх-Исетский районный суд г. Екатеринбурга'] },
  16: { regional: 'Верховный суд Республики Татарстан', district: ['Вахитовский районный суд г. Казани', 'Советский районный суд г. Казани', 'Приволжский районный суд г. Казани'] },
};

export const streets = ['ул. Ленина', 'ул. Пушкина', 'пр. Мира', 'ул. Советская', 'ул. Гагарина', 'ул. Кирова', 'наб. Набережная', 'ул. Садовая'];

export const postsData = [
  'Инженер', 'Ведущий инженер', 'Начальник отдела', 'Директор филиала', 'Председатель суда', 'Администратор суда',
  'Консультант', 'Секретарь судебного заседания', 'Специалист технической поддержки',
];

export const subsystemsData = [
  'Судебное делопроизводство и статистика', 'Банк судебных решений', 'Видеоконференцсвязь', 'Аудиопротоколирование',
  'Интернет-портал', 'Электронный архив', 'Кадры',
];

export const manufacturersData = ['HP', 'Lenovo', 'Kyocera', 'Canon', 'Dell', 'Aquarius', 'Polycom', 'Cisco', 'Eltex', 'APC', 'Ippon', 'Samsung', 'Pantum', 'Yealink'];

/** Tool kinds with the ids the hardware report relies on (equipment.md 9). */
export const toolKindsData = [
  { id: 2, title: 'Автоматизированное рабочее место', soft_updatable: true },
  { id: 3, title: 'Монитор', soft_updatable: false },
  { id: 4, title: 'Принтер', soft_updatable: false },
  { id: 5, title: 'Сканер', soft_updatable: false },
  { id: 6, title: 'Многофункциональное устройство', soft_updatable: false },
  { id: 7, title: 'Сервер', soft_updatable: true },
  { id: 8, title: 'Источник бесперебойного питания', soft_updatable: false },
  { id: 18, title: 'Видеокодек ВКС', soft_updatable: true },
  { id: 19, title: 'Микшер аудиопротоколирования', soft_updatable: false },
  { id: 46, title: 'Коммутатор', soft_updatable: true },
] as const;

/** [kind id, manufacturer title, model] */
export const toolModelsData: Array<[number, string, string]> = [
  [2, 'Aquarius', 'Aquarius Pro P30 K43'],
  [2, 'Lenovo', 'ThinkCentre M70q'],
  [2, 'HP', 'ProDesk 400 G7'],
  [3, 'Samsung', 'S24R350'],
  [3, 'Dell', 'P2422H'],
  [4, 'HP', 'LaserJet Pro M404dn'],
  [4, 'Pantum', 'P3010DW'],
  [5, 'Canon', 'DR-C225 II'],
  [6, 'Kyocera', 'ECOSYS M2540dn'],
  [6, 'Canon', 'i-SENSYS MF443dw'],
  [7, 'Dell', 'PowerEdge R650'],
  [7, 'HP', 'ProLiant DL380 Gen10'],
  [8, 'APC', 'Back-UPS 700'],
  [8, 'Ippon', 'Smart Power Pro II 1600'],
  [18, 'Polycom', 'RealPresence Group 500'],
  [18, 'Yealink', 'VC800'],
  [19, 'Yealink', 'CP960'],
  [46, 'Cisco', 'Catalyst 2960-X'],
  [46, 'Eltex', 'MES2324'],
];

export const setNamesData = [
  { code: 101, name: 'Автоматизированное рабочее место судьи', system_ts_id: null },
  { code: 102, name: 'Комплект видеоконференцсвязи', system_ts_id: 1 },
  { code: 103, name: 'Комплект аудиопротоколирования', system_ts_id: 2 },
];

export const specialProgramsData = [
  { title: 'ПИ ГАС «Правосудие»: Судебное делопроизводство и статистика', version: '3.4', subsystem: 0 },
  { title: 'ПИ ГАС «Правосудие»: Банк судебных решений', version: '2.1', subsystem: 1 },
  { title: 'ПИ ГАС «Правосудие»: Видеоконференцсвязь', version: '1.8', subsystem: 2 },
  { title: 'ПИ ГАС «Правосудие»: Аудиопротоколирование', version: '2.0', subsystem: 3 },
];

export const commonProgramsData = [
  { title: 'Astra Linux Special Edition', version: '1.7' },
  { title: 'Microsoft Windows 10 Pro', version: '22H2' },
  { title: 'LibreOffice', version: '7.6' },
  { title: 'Kaspersky Endpoint Security', version: '12.3' },
  { title: 'КриптоПро CSP', version: '5.0' },
];

/** [request kind id, description, tool kind ids] */
export const commonDisrepairsData: Array<[number, string, number[]]> = [
  [2, 'Не включается', [2, 3, 4, 6, 7]],
  [2, 'Замятие бумаги', [4, 6]],
  [2, 'Полосы при печати', [4, 6]],
  [2, 'Нет изображения на мониторе', [2, 3]],
  [2, 'Не работает видеоконференцсвязь', [18]],
  [2, 'Посторонний шум, не вращается вентилятор', [2, 7]],
  [1, 'Не загружается операционная система', [2]],
  [1, 'Не открываются документы Office', [2]],
  [4, 'Ошибка подключения к базе данных ПИ ГАС «Правосудие»', [2, 7]],
  [7, 'Требуется восстановление данных после сбоя', [2, 7]],
];

/** Spare parts of a region's ZIP set: [code, title, cost, amount]. */
export const sparesItemsData: Array<[number, string, number, number]> = [
  [1001, 'Картридж HP CF259X', 8900, 20],
  [1002, 'Фотобарабан Kyocera DK-1150', 12400, 6],
  [1003, 'Термоблок HP RM2-5425', 15600, 4],
  [1004, 'Блок питания ATX 500 Вт', 4300, 10],
  [1005, 'Накопитель SSD 480 ГБ', 5200, 12],
  [1006, 'Модуль памяти DDR4 8 ГБ', 2700, 16],
  [1007, 'Клавиатура USB', 950, 25],
  [1008, 'Манипулятор «мышь» USB', 600, 25],
  [1009, 'Батарея для ИБП 12 В 9 А·ч', 2300, 12],
  [1010, 'Кабель питания монитора', 350, 30],
];
