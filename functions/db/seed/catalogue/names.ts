/**
 * Word banks for title and people names: each Russian word comes with its English counterpart,
 * so a generated title gets a believable original name too. Adjectives carry their gender forms.
 */

/** [masculine, feminine, neuter, plural, English] */
export type Adjective = readonly [string, string, string, string, string];
/** [Russian, gender: m | f | n | p, English] */
export type Noun = readonly [string, 'm' | 'f' | 'n' | 'p', string];

export const adjectives: Adjective[] = [
  ['Тёмный', 'Тёмная', 'Тёмное', 'Тёмные', 'Dark'],
  ['Последний', 'Последняя', 'Последнее', 'Последние', 'Last'],
  ['Холодный', 'Холодная', 'Холодное', 'Холодные', 'Cold'],
  ['Тихий', 'Тихая', 'Тихое', 'Тихие', 'Quiet'],
  ['Золотой', 'Золотая', 'Золотое', 'Золотые', 'Golden'],
  ['Чужой', 'Чужая', 'Чужое', 'Чужие', 'Stranger'],
  ['Красный', 'Красная', 'Красное', 'Красные', 'Red'],
  ['Белый', 'Белая', 'Белое', 'Белые', 'White'],
  ['Северный', 'Северная', 'Северное', 'Северные', 'Northern'],
  ['Потерянный', 'Потерянная', 'Потерянное', 'Потерянные', 'Lost'],
  ['Большой', 'Большая', 'Большое', 'Большие', 'Big'],
  ['Дикий', 'Дикая', 'Дикое', 'Дикие', 'Wild'],
  ['Стеклянный', 'Стеклянная', 'Стеклянное', 'Стеклянные', 'Glass'],
  ['Железный', 'Железная', 'Железное', 'Железные', 'Iron'],
  ['Ночной', 'Ночная', 'Ночное', 'Ночные', 'Night'],
  ['Солнечный', 'Солнечная', 'Солнечное', 'Солнечные', 'Sunny'],
  ['Опасный', 'Опасная', 'Опасное', 'Опасные', 'Dangerous'],
  ['Сломанный', 'Сломанная', 'Сломанное', 'Сломанные', 'Broken'],
  ['Идеальный', 'Идеальная', 'Идеальное', 'Идеальные', 'Perfect'],
  ['Невидимый', 'Невидимая', 'Невидимое', 'Невидимые', 'Invisible'],
  ['Третий', 'Третья', 'Третье', 'Третьи', 'Third'],
  ['Зелёный', 'Зелёная', 'Зелёное', 'Зелёные', 'Green'],
  ['Горький', 'Горькая', 'Горькое', 'Горькие', 'Bitter'],
  ['Далёкий', 'Далёкая', 'Далёкое', 'Далёкие', 'Distant'],
  ['Тайный', 'Тайная', 'Тайное', 'Тайные', 'Secret'],
  ['Ледяной', 'Ледяная', 'Ледяное', 'Ледяные', 'Icy'],
  ['Вечный', 'Вечная', 'Вечное', 'Вечные', 'Eternal'],
  ['Хрупкий', 'Хрупкая', 'Хрупкое', 'Хрупкие', 'Fragile'],
];

export const nouns: Noun[] = [
  ['город', 'm', 'City'],
  ['лес', 'm', 'Forest'],
  ['берег', 'm', 'Shore'],
  ['рубеж', 'm', 'Frontier'],
  ['дом', 'm', 'House'],
  ['сезон', 'm', 'Season'],
  ['свидетель', 'm', 'Witness'],
  ['горизонт', 'm', 'Horizon'],
  ['след', 'm', 'Trail'],
  ['маяк', 'm', 'Lighthouse'],
  ['остров', 'm', 'Island'],
  ['сигнал', 'm', 'Signal'],
  ['закон', 'm', 'Law'],
  ['круг', 'm', 'Circle'],
  ['код', 'm', 'Code'],
  ['река', 'f', 'River'],
  ['граница', 'f', 'Border'],
  ['игра', 'f', 'Game'],
  ['империя', 'f', 'Empire'],
  ['комната', 'f', 'Room'],
  ['линия', 'f', 'Line'],
  ['семья', 'f', 'Family'],
  ['тень', 'f', 'Shadow'],
  ['зима', 'f', 'Winter'],
  ['долина', 'f', 'Valley'],
  ['правда', 'f', 'Truth'],
  ['корона', 'f', 'Crown'],
  ['небо', 'n', 'Sky'],
  ['море', 'n', 'Sea'],
  ['сердце', 'n', 'Heart'],
  ['озеро', 'n', 'Lake'],
  ['наследство', 'n', 'Inheritance'],
  ['окно', 'n', 'Window'],
  ['время', 'n', 'Time'],
  ['дело', 'n', 'Case'],
  ['люди', 'p', 'People'],
  ['сны', 'p', 'Dreams'],
  ['огни', 'p', 'Lights'],
  ['деньги', 'p', 'Money'],
  ['ворота', 'p', 'Gates'],
  ['часы', 'p', 'Clock'],
  ['соседи', 'p', 'Neighbours'],
];

/** Heads of "the X of Y" names: [Russian, English]. */
export const heads: (readonly [string, string])[] = [
  ['Тайна', 'The Secret of'],
  ['Хроники', 'The Chronicles of'],
  ['Тень', 'The Shadow of'],
  ['Наследники', 'The Heirs of'],
  ['Последнее лето', 'The Last Summer of'],
  ['Дело', 'The Case of'],
  ['Легенда', 'The Legend of'],
  ['Голоса', 'The Voices of'],
  ['Призраки', 'The Ghosts of'],
  ['Пленники', 'The Prisoners of'],
  ['Хозяин', 'The Master of'],
  ['Песнь', 'The Song of'],
  ['Сёстры', 'The Sisters of'],
  ['Дети', 'The Children of'],
  ['Ключи', 'The Keys of'],
];

/** Genitive phrases: [Russian, English]. */
export const genitives: (readonly [string, string])[] = [
  ['старого маяка', 'the Old Lighthouse'],
  ['северного ветра', 'the North Wind'],
  ['Чёрной долины', 'Black Valley'],
  ['тихой гавани', 'the Quiet Harbour'],
  ['пустого дома', 'the Empty House'],
  ['Зелёного острова', 'Green Island'],
  ['последней зимы', 'the Last Winter'],
  ['ночного экспресса', 'the Night Express'],
  ['стеклянной башни', 'the Glass Tower'],
  ['соляных озёр', 'the Salt Lakes'],
  ['Медвежьего угла', "Bear's Corner"],
  ['затонувшего города', 'the Sunken City'],
  ['забытой дороги', 'the Forgotten Road'],
  ['Серебряного берега', 'Silver Coast'],
  ['красной луны', 'the Red Moon'],
  ['Сент-Клера', 'St. Clair'],
  ['Блэкстоуна', 'Blackstone'],
  ['Ривер-Бенда', 'River Bend'],
  ['Уэст-Хилла', 'West Hill'],
  ['Эшфорда', 'Ashford'],
];

/** Whole names that stand on their own: [Russian, English]. */
export const standalone: (readonly [string, string])[] = [
  ['Рубеж', 'The Line'],
  ['Наследие', 'Legacy'],
  ['Отражение', 'Reflection'],
  ['Точка невозврата', 'Point of No Return'],
  ['Без свидетелей', 'No Witnesses'],
  ['По ту сторону', 'The Other Side'],
  ['Всё ради семьи', 'All for Family'],
  ['Восемь дней', 'Eight Days'],
  ['Двойная игра', 'Double Game'],
  ['Под прикрытием', 'Undercover'],
  ['После бури', 'After the Storm'],
  ['Сорок оттенков серого неба', 'Forty Shades of Grey Sky'],
  ['Дом у озера', 'The House by the Lake'],
  ['Между строк', 'Between the Lines'],
  ['Красная линия', 'Redline'],
  ['Цена свободы', 'The Price of Freedom'],
  ['Пока никто не видит', 'While No One Is Watching'],
  ['Письма из Лиссабона', 'Letters from Lisbon'],
  ['Тринадцатый этаж', 'The Thirteenth Floor'],
  ['Лето в Провансе', 'Summer in Provence'],
  ['Короли Манхэттена', 'Kings of Manhattan'],
  ['Кровь и золото', 'Blood and Gold'],
  ['Шёпот', 'Whisper'],
  ['Пепел', 'Ashes'],
  ['Полный вперёд', 'Full Ahead'],
];

/** Kids heroes: [nominative, genitive, English]. */
export const kidsHeroes: (readonly [string, string, string])[] = [
  ['Кот Бублик', 'Кота Бублика', 'Bublik the Cat'],
  ['Дракончик Тоша', 'Дракончика Тоши', 'Tosha the Little Dragon'],
  ['Лисёнок Рыжик', 'Лисёнка Рыжика', 'Ginger the Fox Cub'],
  ['Робот Винтик', 'Робота Винтика', 'Vintik the Robot'],
  ['Ёжик Колючка', 'Ёжика Колючки', 'Prickle the Hedgehog'],
  ['Пингвинёнок Пик', 'Пингвинёнка Пика', 'Pik the Penguin'],
  ['Медвежонок Топа', 'Медвежонка Топы', 'Topa the Bear Cub'],
  ['Зайка Ушастик', 'Зайки Ушастика', 'Floppy the Bunny'],
  ['Капитан Кнопка', 'Капитана Кнопки', 'Captain Button'],
  ['Фея Незабудка', 'Феи Незабудки', 'Forget-me-not the Fairy'],
  ['Щенок Бим', 'Щенка Бима', 'Bim the Puppy'],
  ['Совёнок Уху', 'Совёнка Уху', 'Uhu the Owlet'],
  ['Динозаврик Дино', 'Динозаврика Дино', 'Dino the Little Dinosaur'],
  ['Единорожка Искра', 'Единорожки Искры', 'Sparkle the Unicorn'],
];

/** Second halves of kids names: [Russian, English]. */
export const kidsThings: (readonly [string, string])[] = [
  ['волшебный фонарь', 'the Magic Lantern'],
  ['летающий остров', 'the Flying Island'],
  ['тайна старого чердака', 'the Secret of the Old Attic'],
  ['звёздная карта', 'the Star Map'],
  ['большое путешествие', 'the Big Journey'],
  ['подводное царство', 'the Undersea Kingdom'],
  ['снежная королева леса', 'the Snow Queen of the Woods'],
  ['космическая ярмарка', 'the Space Fair'],
  ['друзья из зоопарка', 'Friends from the Zoo'],
  ['часы желаний', 'the Wishing Clock'],
];

/** DAZN sports documentaries: heads and subjects, [Russian, English]. */
export const sportHeads: (readonly [string, string])[] = [
  ['Последний раунд', 'The Last Round'],
  ['Путь чемпиона', "A Champion's Road"],
  ['Сила воли', 'Willpower'],
  ['За финишной чертой', 'Beyond the Finish Line'],
  ['Большая игра', 'The Big Game'],
  ['Под давлением', 'Under Pressure'],
  ['Сезон побед', 'Winning Season'],
  ['Без права на ошибку', 'No Margin for Error'],
];
export const sportSubjects: (readonly [string, string])[] = [
  ['легенды бокса', 'Boxing Legends'],
  ['история одного клуба', 'The Story of a Club'],
  ['дорога на Олимп', 'The Road to Olympus'],
  ['короли ринга', 'Kings of the Ring'],
  ['футбол на краю света', 'Football at the End of the World'],
  ['сто дней до старта', 'A Hundred Days to the Start'],
  ['женщины в большом спорте', 'Women in Big Sport'],
  ['жизнь после финала', 'Life After the Final'],
];

/** People: first and last names, [Russian transliteration, original]. */
export const firstNames: (readonly [string, string])[] = [
  ['Джон', 'John'], ['Эмма', 'Emma'], ['Майкл', 'Michael'], ['Оливия', 'Olivia'], ['Дэвид', 'David'],
  ['Кейт', 'Kate'], ['Джеймс', 'James'], ['Сара', 'Sarah'], ['Роберт', 'Robert'], ['Элизабет', 'Elizabeth'],
  ['Томас', 'Thomas'], ['Анна', 'Anna'], ['Уильям', 'William'], ['Джессика', 'Jessica'], ['Питер', 'Peter'],
  ['Клэр', 'Claire'], ['Эндрю', 'Andrew'], ['Люси', 'Lucy'], ['Марк', 'Mark'], ['Рэйчел', 'Rachel'],
  ['Дэниел', 'Daniel'], ['Хелен', 'Helen'], ['Кристофер', 'Christopher'], ['Николь', 'Nicole'], ['Мэттью', 'Matthew'],
  ['Эми', 'Amy'], ['Бенджамин', 'Benjamin'], ['Грейс', 'Grace'], ['Сэмюэл', 'Samuel'], ['Джулия', 'Julia'],
  ['Патрик', 'Patrick'], ['Шарлотта', 'Charlotte'], ['Льюис', 'Lewis'], ['Ребекка', 'Rebecca'], ['Оскар', 'Oscar'],
  ['Айла', 'Isla'], ['Хьюго', 'Hugo'], ['Фрэнсис', 'Frances'], ['Тео', 'Theo'], ['Мия', 'Mia'],
  ['Жан', 'Jean'], ['Мари', 'Marie'], ['Лукас', 'Lucas'], ['Софи', 'Sophie'], ['Маттео', 'Matteo'],
  ['Кира', 'Kira'], ['Ханс', 'Hans'], ['Ингрид', 'Ingrid'], ['Пабло', 'Pablo'], ['Лусия', 'Lucia'],
];
export const lastNames: (readonly [string, string])[] = [
  ['Смит', 'Smith'], ['Браун', 'Brown'], ['Тейлор', 'Taylor'], ['Уилсон', 'Wilson'], ['Эванс', 'Evans'],
  ['Томпсон', 'Thompson'], ['Уайт', 'White'], ['Холл', 'Hall'], ['Кларк', 'Clark'], ['Льюис', 'Lewis'],
  ['Робинсон', 'Robinson'], ['Уокер', 'Walker'], ['Янг', 'Young'], ['Аллен', 'Allen'], ['Кинг', 'King'],
  ['Райт', 'Wright'], ['Скотт', 'Scott'], ['Грин', 'Green'], ['Бейкер', 'Baker'], ['Адамс', 'Adams'],
  ['Нельсон', 'Nelson'], ['Картер', 'Carter'], ['Митчелл', 'Mitchell'], ['Робертс', 'Roberts'], ['Тёрнер', 'Turner'],
  ['Филлипс', 'Phillips'], ['Кэмпбелл', 'Campbell'], ['Паркер', 'Parker'], ['Коллинз', 'Collins'], ['Стюарт', 'Stewart'],
  ['Моррис', 'Morris'], ['Мёрфи', 'Murphy'], ['Кук', 'Cook'], ['Роджерс', 'Rogers'], ['Морган', 'Morgan'],
  ['Купер', 'Cooper'], ['Рид', 'Reed'], ['Белл', 'Bell'], ['Хьюз', 'Hughes'], ['Фостер', 'Foster'],
  ['Грэм', 'Graham'], ['Хант', 'Hunt'], ['Эллиот', 'Elliott'], ['Фишер', 'Fisher'], ['Дюпон', 'Dupont'],
  ['Леруа', 'Leroy'], ['Росси', 'Rossi'], ['Шмидт', 'Schmidt'], ['Линдквист', 'Lindqvist'], ['Гарсия', 'Garcia'],
  ['Ватанабэ', 'Watanabe'], ['Ким', 'Kim'], ['О’Коннор', "O'Connor"], ['Макбрайд', 'McBride'], ['Ларсен', 'Larsen'],
];
export const russianFirstNames: (readonly [string, string])[] = [
  ['Иван', 'Ivan'], ['Алексей', 'Alexey'], ['Мария', 'Maria'], ['Анастасия', 'Anastasia'], ['Дмитрий', 'Dmitry'],
  ['Ксения', 'Ksenia'], ['Павел', 'Pavel'], ['Юлия', 'Yulia'], ['Сергей', 'Sergey'], ['Алёна', 'Alyona'],
  ['Никита', 'Nikita'], ['Ольга', 'Olga'], ['Фёдор', 'Fyodor'], ['Екатерина', 'Ekaterina'], ['Артём', 'Artyom'],
];
/** Russian last names: [masculine, feminine, Latin masculine, Latin feminine]. */
export const russianLastNames: (readonly [string, string, string, string])[] = [
  ['Петров', 'Петрова', 'Petrov', 'Petrova'], ['Соколов', 'Соколова', 'Sokolov', 'Sokolova'],
  ['Волков', 'Волкова', 'Volkov', 'Volkova'], ['Лебедев', 'Лебедева', 'Lebedev', 'Lebedeva'],
  ['Козлов', 'Козлова', 'Kozlov', 'Kozlova'], ['Орлов', 'Орлова', 'Orlov', 'Orlova'],
  ['Белов', 'Белова', 'Belov', 'Belova'], ['Громов', 'Громова', 'Gromov', 'Gromova'],
  ['Ершов', 'Ершова', 'Yershov', 'Yershova'], ['Зорин', 'Зорина', 'Zorin', 'Zorina'],
  ['Миронов', 'Миронова', 'Mironov', 'Mironova'], ['Фёдоров', 'Фёдорова', 'Fyodorov', 'Fyodorova'],
];
/** Russian first names that are feminine (for the last name's form). */
export const russianFeminine = new Set(['Мария', 'Анастасия', 'Ксения', 'Юлия', 'Алёна', 'Ольга', 'Екатерина']);
