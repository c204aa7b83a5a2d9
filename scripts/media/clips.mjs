// The sample clips `npm run media` makes: each a different synthetic picture (so titles do not all
// look alike), two audibly different soundtracks and subtitles that describe what is on screen.
// Durations are whole multiples of the 2-second segment, so every segment is exactly 2 s long.

/**
 * A plucked melody: `notes` (semitones above `base` Hz) played `perSecond` times a second, each note
 * with a short attack and an exponential decay, so the jump in frequency between notes never clicks.
 * `harmonics` > 0 adds the third harmonic (a reedier timbre), to tell the two languages apart by ear.
 */
function melody({ base, notes, perSecond, harmonics = 0, gain = 0.22 }) {
  const n = notes.length;
  // st(0): position of the note in the pattern; st(1): its frequency; st(2): time inside the note.
  const pick = notes.map((semi, i) => `eq(ld(0),${i})*${semi}`).join('+');
  const tone = harmonics
    ? `(sin(2*PI*t*ld(1))+${harmonics}*sin(6*PI*t*ld(1)))`
    : 'sin(2*PI*t*ld(1))';
  return [
    `st(0,mod(floor(t*${perSecond}),${n}))`,
    `st(1,${base}*pow(2,(${pick})/12))`,
    `st(2,mod(t*${perSecond},1))`,
    `${gain}*${tone}*min(1,ld(2)*60)*exp(-3.5*ld(2))`,
  ].join(';');
}

/** Russian: a major pentatonic run, four notes a second. English: a slow minor arpeggio, two a second. */
const ru = (base) =>
  melody({ base, notes: [0, 2, 4, 7, 9, 12, 9, 7, 4, 2], perSecond: 4, gain: 0.25 });
const en = (base) =>
  melody({ base, notes: [0, 3, 7, 12, 7, 3], perSecond: 2, harmonics: 0.35, gain: 0.2 });

/**
 * Each clip's picture is a filtergraph fragment that ends in `[base]`: 1280x720, 25 fps, `d` seconds.
 * `font` is the path of a TrueType font, or null (then no text is drawn); the graph runs in the
 * clip's directory, where `counter.txt` holds the seconds counter (`%{eif:t:d}`).
 */
export const CLIPS = [
  {
    id: 'c1',
    name: 'Испытательная таблица',
    nameEn: 'Test Card',
    duration: 48,
    intro: { start: 4, end: 14 },
    credits: 40,
    audio: { ru: ru(440), en: en(196) },
    video: ({ d }) => `testsrc2=s=1280x720:r=25:d=${d},hue=h='t*7':s=1.3,format=yuv420p[base]`,
    subtitles: {
      ru: [
        'Добрый вечер. В эфире испытательная таблица.',
        'Каждая полоса на экране — это отдельный цвет.',
        'Сейчас начнётся заставка нашей передачи.',
        'Цвета медленно меняются, и это нормально.',
        'Счётчик в углу показывает, что время идёт.',
        'Если изображение дрожит, выберите другое качество.',
        'Звук на русской дорожке звучит выше и быстрее.',
        'Английская дорожка играет медленную мелодию.',
        'Мы почти закончили проверку сигнала.',
        'Спасибо, что остаётесь с нами до титров.',
      ],
      en: [
        'Good evening. You are watching the test card.',
        'Every stripe on the screen is a separate colour.',
        'The opening titles of our show begin now.',
        'The colours change slowly, and that is fine.',
        'The counter in the corner shows that time moves on.',
        'If the picture stutters, choose another quality.',
        'The Russian track sounds higher and faster.',
        'The English track plays a slow melody.',
        'We have almost finished checking the signal.',
        'Thank you for staying with us until the credits.',
      ],
    },
  },
  {
    id: 'c2',
    name: 'Глубина фрактала',
    nameEn: 'Fractal Depths',
    duration: 40,
    intro: { start: 2, end: 10 },
    credits: 32,
    audio: { ru: ru(392), en: en(174.6) },
    video: ({ d }) =>
      `mandelbrot=s=480x270:r=25:maxiter=180:end_pts=${d * 25}:start_scale=2.4:end_scale=0.004:outer=normalized_iteration_count:inner=period,` +
      `trim=duration=${d},scale=1280:720,hue=h='200+t*3',format=yuv420p[base]`,
    subtitles: {
      ru: [
        'Перед нами множество Мандельброта.',
        'Камера медленно опускается в спираль.',
        'Каждый новый виток повторяет предыдущий.',
        'Чем глубже, тем больше мелких деталей.',
        'Граница множества бесконечно сложна.',
        'Цвет показывает, как быстро точка убегает.',
        'Мы уже в тысячу раз ближе, чем в начале.',
        'А теперь — титры.',
      ],
      en: [
        'Before us lies the Mandelbrot set.',
        'The camera slowly descends into the spiral.',
        'Every new turn repeats the one before.',
        'The deeper we go, the more fine detail appears.',
        'The edge of the set is infinitely complex.',
        'The colour shows how fast a point escapes.',
        'We are already a thousand times closer than at the start.',
        'And now, the credits.',
      ],
    },
  },
  {
    id: 'c3',
    name: 'Колония',
    nameEn: 'The Colony',
    duration: 56,
    intro: { start: 6, end: 16 },
    credits: 48,
    audio: { ru: ru(523.3), en: en(220) },
    video: ({ d }) =>
      `life=s=320x180:r=25:ratio=0.12:mold=8:seed=1917:life_color=#ffd23f:death_color=#3a1c5c:mold_color=#1f6f8b,` +
      `trim=duration=${d},scale=1280:720:flags=neighbor,format=yuv420p[base]`,
    subtitles: {
      ru: [
        'Каждая жёлтая клетка — живой организм.',
        'Клетка выживает, если у неё два или три соседа.',
        'Встречайте колонию: начинается заставка.',
        'Одинокие клетки погибают от скуки.',
        'Тесно — тоже плохо: от перенаселения гибнут все.',
        'Там, где клетки умерли, остаётся синий след.',
        'Некоторые фигуры летят через всё поле.',
        'Другие мигают на месте годами.',
        'Колония никогда не повторяется полностью.',
        'Жизнь продолжается, даже когда фильм кончается.',
        'Спасибо за просмотр.',
      ],
      en: [
        'Every yellow cell is a living organism.',
        'A cell survives when it has two or three neighbours.',
        'Meet the colony: the opening titles begin.',
        'Lonely cells die of boredom.',
        'Crowding is no better: overpopulation kills them all.',
        'Where cells have died, a blue trace remains.',
        'Some shapes glide across the whole field.',
        'Others blink in place for years.',
        'The colony never repeats itself completely.',
        'Life goes on even when the film ends.',
        'Thank you for watching.',
      ],
    },
  },
  {
    id: 'c4',
    name: 'Правило сто десять',
    nameEn: 'Rule 110',
    duration: 36,
    intro: { start: 2, end: 8 },
    credits: 30,
    audio: { ru: ru(349.2), en: en(155.6) },
    video: ({ d }) =>
      `cellauto=s=160x90:r=25:rule=110:scroll=1:random_fill_ratio=0.5:random_seed=110,` +
      `trim=duration=${d},format=rgb24,lutrgb=r='if(val,250,18)':g='if(val,120,30)':b='if(val,70,60)',` +
      `scale=1280:720:flags=neighbor,hue=h='t*10',format=yuv420p[base]`,
    subtitles: {
      ru: [
        'Это клеточный автомат, правило сто десять.',
        'Каждая новая строка рождается из предыдущей.',
        'Узор ползёт вверх, как бегущая строка.',
        'Простое правило рисует сложные треугольники.',
        'Этот автомат умеет считать, как компьютер.',
        'Цвет узора тоже медленно меняется.',
        'На этом всё. Титры.',
      ],
      en: [
        'This is a cellular automaton, rule one hundred and ten.',
        'Every new row is born from the previous one.',
        'The pattern crawls upwards like a news ticker.',
        'A simple rule draws complex triangles.',
        'This automaton can compute, just like a computer.',
        'The colour of the pattern slowly changes too.',
        'That is all. The credits.',
      ],
    },
  },
  {
    id: 'c5',
    name: 'Ночные часы',
    nameEn: 'Night Clock',
    duration: 60,
    intro: { start: 4, end: 12 },
    credits: 52,
    audio: { ru: ru(466.2), en: en(185) },
    // A slowly drifting colour gradient (geq at 160x90, scaled up: cheap and smooth), two shapes
    // circling on it and, when a font exists, a big seconds counter.
    video: ({ d, font }) =>
      `color=c=black:s=160x90:r=25:d=${d},format=rgb24,` +
      `geq=r='40+35*sin(X/23+T*0.5)':g='30+30*sin(Y/17-T*0.3)':b='90+60*sin((X+Y)/31+T*0.4)',` +
      `scale=1280:720,format=yuv420p[bg];` +
      `color=c=#ff6b35:s=140x140:r=25:d=${d}[s1];` +
      `color=c=#2ec4b6:s=90x90:r=25:d=${d}[s2];` +
      `[bg][s1]overlay=x='570+420*sin(t*0.6)':y='290+220*cos(t*0.9)'[b1];` +
      `[b1][s2]overlay=x='595-380*cos(t*1.3)':y='315+180*sin(t*0.7)'` +
      (font
        ? `,drawtext=fontfile=${font}:textfile=counter.txt:fontsize=300:fontcolor=white@0.85:x=(w-tw)/2:y=(h-th)/2-40[base]`
        : '[base]'),
    subtitles: {
      ru: [
        'Ночь. Город спит, а часы идут.',
        'Большие цифры — это секунды с начала фильма.',
        'Начинается заставка.',
        'Оранжевый квадрат кружит по экрану.',
        'Бирюзовый догоняет его, но никогда не догонит.',
        'Небо медленно переливается синим.',
        'Если цифры идут ровно, воспроизведение в порядке.',
        'Перемотайте вперёд — часы покажут новое время.',
        'Скоро рассвет.',
        'Минута прошла.',
        'Титры. До свидания.',
      ],
      en: [
        'Night. The city sleeps, and the clock ticks.',
        'The big digits are seconds since the start of the film.',
        'The opening titles begin.',
        'The orange square circles the screen.',
        'The turquoise one chases it but never catches up.',
        'The sky slowly shimmers in blue.',
        'If the digits move steadily, playback is fine.',
        'Skip ahead and the clock will show a new time.',
        'Dawn is coming soon.',
        'A minute has passed.',
        'Credits. Goodbye.',
      ],
    },
  },
];

/** The rolling credits at the end of every clip. */
export function creditsText(clip) {
  return [
    clip.name,
    '',
    'Режиссёр — Генератор Синтетический',
    'Оператор — Фильтр Графович',
    'Композитор — Синус Косинусов',
    'Субтитры — Веб Вэтэтэшин',
    'Монтаж — Сегмент Двухсекундный',
    '',
    'Снято в ffmpeg',
    'Амедиатека, 2026',
  ].join('\n');
}
