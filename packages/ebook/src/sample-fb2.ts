// Test fixture shared by the FB2 reader and writer tests.
export const SAMPLE_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A small but complete FictionBook with every construct the reader handles. */
export function sampleFb2(declaration = '<?xml version="1.0" encoding="UTF-8"?>'): string {
  return `${declaration}
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose_classic</genre>
  <author><first-name>Лев</first-name><last-name>Толстой</last-name></author>
  <book-title>Проба</book-title><annotation><p>Короткая книга.</p></annotation>
  <coverpage><image l:href="#cover.png"/></coverpage><lang>ru</lang><src-lang>ru</src-lang></title-info>
</description>
<body><title><p>Проба</p></title>
<section id="ch1"><title><p>Глава первая</p></title>
  <epigraph><p>Всё смешалось.</p><text-author>Автор</text-author></epigraph>
  <p>Первый <emphasis>абзац</emphasis> со сноской<a l:href="#n1" type="note">1</a>.</p>
  <poem><title><p>Стих</p></title><stanza><v>Строка один</v><v>Строка два</v></stanza><stanza><v>Строка три</v></stanza></poem>
  <cite><p>Цитата.</p><text-author>Кто-то</text-author></cite>
  <subtitle>Подзаголовок</subtitle>
  <table><tr><th>Имя</th><th>Год</th></tr><tr><td>Анна</td><td>1877</td></tr></table>
  <image l:href="#cover.png"/>
  <section><title><p>Часть 1.1</p></title><p>Вложенный <strong>текст</strong> и <a l:href="#ch1">ссылка</a>.</p></section>
</section>
</body>
<body name="notes"><title><p>Примечания</p></title>
<section id="n1"><title><p>1</p></title><p>Текст сноски.</p></section>
</body>
<binary id="cover.png" content-type="image/png">${b64(SAMPLE_PNG)}</binary>
</FictionBook>`;
}
