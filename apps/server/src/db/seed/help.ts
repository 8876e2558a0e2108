import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { createDiskFileStore } from '../../lib/file-store';
import type { DbOrTx } from '../client';
import { bbsBoards, bbsComments, faqEntries, helpFiles, storedFiles } from '../schema';
import { insertPost, insertTopLevelPosts } from '../help-threads';
import type { SeedContext } from './registry';
import { simplePdf as pdf, simpleXlsx as xlsx } from './files';
import { catalogueBooks } from './product';
import { rng } from './random';

/** The ISBNs of the help desk's books.xlsx template: demo catalogue books no demo company registered. */
export const TEMPLATE_BOOKS = catalogueBooks(580, 585);

/** Demo rows of the help desk (notices, Q&A threads, help files, the FAQ in five languages), deterministic from ctx.now. */

const OPERATOR = { registrantIdx: 1, registrantType: 'manager', name: '고객센터 (Help desk)' };

const NOTICE_TOPICS: [string, string][] = [
  ['설 연휴 배송 일정 안내', 'Lunar New Year shipping schedule'],
  ['정산 마감일 변경 안내', 'Change of the settlement closing day'],
  ['시스템 점검 안내', 'Scheduled system maintenance'],
  ['저작권 보고서 양식 개정', 'Revised copyright report form'],
  ['물류센터 이전 안내', 'Warehouse relocation'],
  ['세금계산서 발행 일정', 'Tax invoice issuing schedule'],
  ['신규 도서 일괄 등록 기능 오픈', 'Bulk book upload is now available'],
  ['해외 배송비 조정 안내', 'Adjusted overseas shipping rates'],
  ['개인정보 처리방침 개정', 'Updated privacy policy'],
  ['추석 연휴 고객센터 운영 안내', 'Help desk hours over Chuseok'],
];

const QUESTIONS: [string, string][] = [
  ['송장 PDF가 열리지 않습니다', 'The invoice PDF does not open'],
  ['정산 금액이 다릅니다', 'The settlement amount differs'],
  ['저작권 도서 등록 방법', 'How do I register a copyright book?'],
  ['로열티 엑셀 다운로드 오류', 'Royalty Excel download fails'],
  ['배송 추적 번호 문의', 'Where is my tracking number?'],
  ['회사 주소 변경 요청', 'Changing our company address'],
  ['입금 확인 요청', 'Please confirm our payment'],
  ['ISBN 일괄 등록 시 오류', 'Error in the bulk ISBN upload'],
  ['위탁 판매 정산 주기', 'Consignment settlement cycle'],
  ['비밀번호를 잊어버렸습니다', 'I forgot my password'],
  ['해외 판매 통계 문의', 'Question about global sales figures'],
  ['반품 처리 기간', 'How long do returns take?'],
  ['선결제 잔액 확인', 'Checking the prepayment balance'],
  ['담당자 추가 방법', 'Adding a contact person'],
  ['청구서 이메일 수신자 변경', 'Changing invoice e-mail recipients'],
];

const COMMENTS = [
  '확인 감사합니다. (Thanks for checking.)',
  'Same question here — any update?',
  '해결되었습니다! Solved, thank you.',
  '추가 자료를 첨부했습니다. (Added more details.)',
  'We see the same on our account.',
  '답변 기다리겠습니다.',
];

/** The FAQ of the demo (the page's placeholder entries, spec §2), in the five UI languages: [tab, ref, question, answer]. */
const FAQ: Record<string, [string, string, string, string][]> = {
  en: [
    [
      'bugs',
      'q1',
      'The invoice PDF does not download. What can I do?',
      'Allow downloads from the portal in your browser and try again. If it still fails, write to us on the Q&A board with the invoice code.',
    ],
    [
      'bugs',
      'q2',
      'A screen stays empty after I log in.',
      'Reload the page. If the list is still empty, log out, log in again and check that your search filters are not too narrow.',
    ],
    [
      'bugs',
      'q3',
      "The Excel upload says 'Please check the file name.'",
      'The file must be named exactly books.xlsx and be an Excel (xlsx) file. ISBNs go in the first column of the first sheet.',
    ],
    [
      'bugs',
      'q4',
      'I am logged out too often.',
      "A warning appears five minutes before your session ends. Choose 'Extend login time' to keep working.",
    ],
    ['shipping', 'q1', 'When are orders shipped?', 'Orders confirmed before 2 p.m. (Korea time) leave the warehouse the same working day.'],
    [
      'shipping',
      'q2',
      'Which shipping types are available?',
      'Flight, K-Packet, ship, parcel and ground delivery in Korea or the USA, depending on the destination.',
    ],
    [
      'shipping',
      'q3',
      'How do I follow a shipment?',
      'Once the bill of lading is registered, the shipment shows as departed and its tracking number appears in the order.',
    ],
    [
      'shipping',
      'q4',
      'How long do returns take?',
      'Returns are checked within 14 days of arrival at the warehouse; a refund can be made only once.',
    ],
  ],
  ko: [
    [
      'bugs',
      'q1',
      '세금계산서 PDF가 다운로드되지 않습니다. 어떻게 하나요?',
      '브라우저에서 포털의 다운로드를 허용한 뒤 다시 시도해 주세요. 그래도 안 되면 계산서 코드와 함께 Q&A 게시판에 문의해 주세요.',
    ],
    [
      'bugs',
      'q2',
      '로그인 후 화면이 비어 있습니다.',
      '페이지를 새로 고쳐 주세요. 목록이 계속 비어 있으면 로그아웃 후 다시 로그인하고 검색 조건이 너무 좁지 않은지 확인해 주세요.',
    ],
    [
      'bugs',
      'q3',
      "엑셀 업로드 시 '파일명을 확인해 주세요.'라고 나옵니다.",
      '파일 이름은 정확히 books.xlsx 이어야 하며 엑셀(xlsx) 파일이어야 합니다. ISBN은 첫 번째 시트의 첫 번째 열에 입력합니다.',
    ],
    [
      'bugs',
      'q4',
      '로그아웃이 너무 자주 됩니다.',
      "세션 종료 5분 전에 경고 창이 나타납니다. '로그인 시간 연장'을 누르면 계속 작업할 수 있습니다.",
    ],
    ['shipping', 'q1', '주문은 언제 출고되나요?', '오후 2시(한국 시간) 이전에 확정된 주문은 당일 영업일에 물류센터에서 출고됩니다.'],
    [
      'shipping',
      'q2',
      '어떤 배송 방법이 있나요?',
      '목적지에 따라 항공, K-Packet, 해운, 택배, 국내 또는 미국 내 육상 배송을 이용할 수 있습니다.',
    ],
    [
      'shipping',
      'q3',
      '배송 조회는 어떻게 하나요?',
      '선하증권(BL)이 등록되면 출항으로 표시되고 주문에서 운송장 번호를 확인할 수 있습니다.',
    ],
    ['shipping', 'q4', '반품 처리에는 얼마나 걸리나요?', '반품은 물류센터 도착 후 14일 이내에 검수되며, 환불은 한 번만 가능합니다.'],
  ],
  es: [
    [
      'bugs',
      'q1',
      'El PDF de la factura no se descarga. ¿Qué puedo hacer?',
      'Permita las descargas del portal en su navegador y vuelva a intentarlo. Si sigue fallando, escríbanos en el tablón de preguntas con el código de la factura.',
    ],
    [
      'bugs',
      'q2',
      'Una pantalla queda vacía después de iniciar sesión.',
      'Recargue la página. Si la lista sigue vacía, cierre la sesión, vuelva a entrar y compruebe que los filtros de búsqueda no sean demasiado estrictos.',
    ],
    [
      'bugs',
      'q3',
      'La carga de Excel dice «Compruebe el nombre del archivo».',
      'El archivo debe llamarse exactamente books.xlsx y ser un archivo de Excel (xlsx). Los ISBN van en la primera columna de la primera hoja.',
    ],
    [
      'bugs',
      'q4',
      'La sesión se cierra con demasiada frecuencia.',
      'Cinco minutos antes de que termine la sesión aparece un aviso. Elija «Ampliar el tiempo de sesión» para seguir trabajando.',
    ],
    [
      'shipping',
      'q1',
      '¿Cuándo se envían los pedidos?',
      'Los pedidos confirmados antes de las 14:00 (hora de Corea) salen del almacén el mismo día hábil.',
    ],
    [
      'shipping',
      'q2',
      '¿Qué tipos de envío hay?',
      'Avión, K-Packet, barco, paquetería y transporte terrestre en Corea o en EE. UU., según el destino.',
    ],
    [
      'shipping',
      'q3',
      '¿Cómo sigo un envío?',
      'Cuando se registra el conocimiento de embarque, el envío aparece como salido y el número de seguimiento se muestra en el pedido.',
    ],
    [
      'shipping',
      'q4',
      '¿Cuánto tardan las devoluciones?',
      'Las devoluciones se revisan en un plazo de 14 días desde su llegada al almacén; el reembolso solo puede hacerse una vez.',
    ],
  ],
  zh: [
    ['bugs', 'q1', '发票 PDF 无法下载，怎么办？', '请在浏览器中允许本门户的下载后重试。如果仍然失败，请在问答板上附上发票编号联系我们。'],
    ['bugs', 'q2', '登录后页面一片空白。', '请刷新页面。如果列表仍为空，请退出后重新登录，并检查搜索条件是否过窄。'],
    [
      'bugs',
      'q3',
      'Excel 上传提示“请检查文件名”。',
      '文件名必须正好是 books.xlsx，且必须是 Excel (xlsx) 文件。ISBN 填写在第一个工作表的第一列。',
    ],
    ['bugs', 'q4', '我经常被自动退出登录。', '会话结束前五分钟会出现提醒。选择“延长登录时间”即可继续工作。'],
    ['shipping', 'q1', '订单什么时候发货？', '韩国时间下午 2 点前确认的订单在当天工作日从仓库发出。'],
    ['shipping', 'q2', '有哪些配送方式？', '根据目的地，可选择空运、K-Packet、海运、快递以及韩国或美国境内陆运。'],
    ['shipping', 'q3', '如何跟踪货件？', '提单登记后，货件显示为已出发，订单中会显示跟踪号码。'],
    ['shipping', 'q4', '退货需要多长时间？', '退货在到达仓库后 14 天内完成检验；退款只能办理一次。'],
  ],
  ja: [
    [
      'bugs',
      'q1',
      '請求書の PDF がダウンロードできません。どうすればよいですか？',
      'ブラウザでポータルからのダウンロードを許可してから再度お試しください。それでも失敗する場合は、請求書コードを添えて Q&A 掲示板でお問い合わせください。',
    ],
    [
      'bugs',
      'q2',
      'ログイン後、画面が空のままです。',
      'ページを再読み込みしてください。一覧が空のままの場合は、ログアウトして再度ログインし、検索条件が狭すぎないか確認してください。',
    ],
    [
      'bugs',
      'q3',
      'Excel アップロードで「ファイル名を確認してください。」と表示されます。',
      'ファイル名は正確に books.xlsx で、Excel (xlsx) ファイルである必要があります。ISBN は最初のシートの最初の列に入力します。',
    ],
    [
      'bugs',
      'q4',
      '頻繁にログアウトされます。',
      'セッション終了の 5 分前に警告が表示されます。「ログイン時間を延長」を選ぶと作業を続けられます。',
    ],
    ['shipping', 'q1', '注文はいつ出荷されますか？', '韓国時間の午後 2 時までに確定した注文は、同じ営業日に倉庫から出荷されます。'],
    [
      'shipping',
      'q2',
      'どのような配送方法がありますか？',
      '配送先に応じて、航空便、K-Packet、船便、宅配便、韓国または米国内の陸送をご利用いただけます。',
    ],
    [
      'shipping',
      'q3',
      '配送状況はどのように確認できますか？',
      '船荷証券 (BL) が登録されると出港済みと表示され、注文に追跡番号が表示されます。',
    ],
    ['shipping', 'q4', '返品にはどのくらいかかりますか？', '返品は倉庫到着後 14 日以内に検品され、返金は一度だけ可能です。'],
  ],
};

const p = (ko: string, en: string) => `<p>${ko}</p><p>${en}</p>`;

/** A ZIP archive of text files (UTF-8 names and contents). */
const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)]))));

// Seeds write their rows with Drizzle directly (they never import a module's repository); posts go
// through db/help-threads.ts, the thread rules shared with the help repository and the notices import.
async function boardIdx(db: DbOrTx, name: string): Promise<number> {
  const [board] = await db.select({ idx: bbsBoards.idx }).from(bbsBoards).where(eq(bbsBoards.name, name)).limit(1);
  if (!board) throw new Error(`board ${name} is missing: run the migrations first`);
  return board.idx;
}

export async function seedHelp(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const rand = rng(6);
  const day = 86_400_000;
  const ago = (days: number, hours = 0) => new Date(ctx.now.getTime() - days * day - hours * 3_600_000);
  const notice = await boardIdx(db, 'notice');
  const qna = await boardIdx(db, 'qna');
  const companies = [
    { registrantIdx: ctx.demo, registrantType: 'company', name: '한빛 출판사 (Hanbit Demo Press)' },
    { registrantIdx: ctx.demo2, registrantType: 'company', name: 'Maple Leaf Books' },
  ];

  await db.transaction(async (tx) => {
    // ~30 notices by the operator, visible to AUT (a few also to other divisions)
    const notices = Array.from({ length: 30 }, (_, i) => {
      const [ko, en] = NOTICE_TOPICS[i % NOTICE_TOPICS.length]!;
      const round = Math.floor(i / NOTICE_TOPICS.length);
      const when = ago(90 - i * 3, 2);
      return {
        ...OPERATOR,
        boardIdx: notice,
        title: `[공지] ${ko}${round ? ` (${round + 1}차)` : ''} / ${en}`,
        content: `${p(`${ko}에 대해 안내드립니다.`, `Notice: ${en}.`)}<ul><li>적용일 (effective): ${when.toISOString().slice(0, 10)}</li><li>문의 (contact): help@portal.example</li></ul>`,
        companyDivision: i % 7 === 0 ? ['AUT', 'PUB'] : ['AUT'],
        viewCount: Math.floor(rand() * 300),
        createdAt: when,
        updatedAt: when,
      };
    });
    await insertTopLevelPosts(tx, notices);

    // ~50 Q&A posts: 25 questions, with operator answers, follow-ups and answers to answers
    let posts = 0;
    for (let i = 0; i < 25; i++) {
      const [ko, en] = QUESTIONS[i % QUESTIONS.length]!;
      const author = companies[i % 3 === 2 ? 1 : 0]!;
      const when = ago(60 - i * 2, 5);
      const qTitle = `${ko} (${en})${i >= QUESTIONS.length ? ` #${i - QUESTIONS.length + 2}` : ''}`;
      const q = await insertPost(tx, {
        ...author,
        boardIdx: qna,
        title: qTitle,
        content: p(`${ko}. 확인 부탁드립니다.`, `${en}. Could you please check?`),
        companyDivision: ['AUT'],
        viewCount: Math.floor(rand() * 80),
        createdAt: when,
        updatedAt: when,
      });
      posts++;
      const qRow = { idx: q, rootIdx: q, threadPath: String(q).padStart(10, '0'), reLevel: 0, rootTitle: qTitle };
      const comments = i % 2 === 0 ? 1 + (i % 3) : 0;
      for (let c = 0; c < comments; c++) {
        await tx.insert(bbsComments).values({
          ...companies[(i + c + 1) % 2]!,
          bbsIdx: q,
          content: COMMENTS[(i + c) % COMMENTS.length]!,
          createdAt: new Date(when.getTime() + (c + 1) * 3_600_000),
        });
      }
      if (i % 4 === 3) continue; // some questions are still waiting for an answer
      const answered = new Date(when.getTime() + day);
      const a = await insertPost(
        tx,
        {
          ...OPERATOR,
          boardIdx: qna,
          title: `Re: ${ko}`,
          content: p(
            '안녕하세요, 고객센터입니다. 확인 후 처리해 드렸습니다.',
            'Hello, this is the help desk. We have checked and fixed it.',
          ),
          companyDivision: ['AUT'],
          viewCount: Math.floor(rand() * 40),
          createdAt: answered,
          updatedAt: answered,
        },
        qRow,
      );
      posts++;
      if (i % 3 === 0 && posts < 50) {
        const follow = new Date(answered.getTime() + 4 * 3_600_000);
        const other = companies[(i + 1) % 2]!;
        await insertPost(
          tx,
          {
            ...other,
            boardIdx: qna,
            title: `Re: Re: ${ko}`,
            content: p('저희도 같은 문제가 있었는데 해결되었습니다.', 'We had the same problem and it is solved now, thanks.'),
            companyDivision: ['AUT'],
            viewCount: Math.floor(rand() * 20),
            createdAt: follow,
            updatedAt: follow,
          },
          {
            idx: a,
            rootIdx: q,
            threadPath: `${String(q).padStart(10, '0')}/${String(a).padStart(10, '0')}`,
            reLevel: 1,
            rootTitle: qTitle,
          },
        );
        posts++;
      }
    }

    // the FAQ page's entries (what an operator loads with the faq import)
    await tx
      .insert(faqEntries)
      .values(
        Object.entries(FAQ).flatMap(([language, entries]) =>
          entries.map(([tab, ref, question, answer], i) => ({ tab, language, ref, position: (i % 4) + 1, question, answer })),
        ),
      );

    // a post for another division only: never shown to AUT
    await insertPost(tx, {
      ...OPERATOR,
      boardIdx: qna,
      title: '[PUB] 파트너 전용 안내 (Partners only)',
      content: p('배급 파트너 전용 안내입니다.', 'For distribution partners only.'),
      companyDivision: ['PUB'],
      createdAt: ago(3),
      updatedAt: ago(3),
    });
  });

  // 10 help files for companies (and one for another customer type)
  const store = ctx.files ?? createDiskFileStore(ctx.filesDir);
  const files: { customerType: string; name: string; extension: string; mime: string; data: () => Promise<Buffer> }[] = [
    {
      customerType: 'company',
      name: 'Publisher portal user guide',
      extension: 'pdf',
      mime: 'application/pdf',
      data: () =>
        pdf('Publisher portal user guide', [
          '1. Log in with your author id.',
          '2. Follow your settlement under Sale settlement.',
          '3. Ask questions on the Q&A board.',
        ]),
    },
    {
      customerType: 'company',
      name: 'Settlement and invoices FAQ',
      extension: 'pdf',
      mime: 'application/pdf',
      data: () => pdf('Settlement and invoices FAQ', ['Invoices are sent monthly.', 'Unpaid invoices are shown in red.']),
    },
    {
      customerType: 'company',
      name: 'Copyright report guide',
      extension: 'pdf',
      mime: 'application/pdf',
      data: () => pdf('Copyright report guide', ['Report copyright books before the 5th of each month.']),
    },
    {
      customerType: 'company',
      name: 'Shipping and returns policy',
      extension: 'pdf',
      mime: 'application/pdf',
      data: () => pdf('Shipping and returns policy', ['Returns are processed within 14 days.']),
    },
    {
      customerType: 'company',
      name: 'books',
      extension: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: () => xlsx('books', [['ISBN'], ...TEMPLATE_BOOKS.map((b) => [b.isbn13])]),
    },
    {
      customerType: 'company',
      name: 'Royalty statement template',
      extension: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: () =>
        xlsx('Royalty', [
          ['Title', 'ISBN', 'Qty', 'Unit price'],
          ['채식주의자', '9788936434120', 12, 13500],
        ]),
    },
    {
      customerType: 'company',
      name: 'Price change request form',
      extension: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: () => xlsx('Request', [['ISBN', 'Old price', 'New price', 'From']]),
    },
    {
      customerType: 'company',
      name: 'Cover image guidelines',
      extension: 'zip',
      mime: 'application/zip',
      data: async () =>
        zip({
          'README.txt': 'Cover images: JPG or PNG, at least 600 px wide, RGB.\n',
          'sizes.csv': 'kind,width,height\nfront,600,900\nspine,60,900\n',
        }),
    },
    {
      customerType: 'company',
      name: '도서 등록 양식 모음',
      extension: 'zip',
      mime: 'application/zip',
      data: async () =>
        zip({
          '안내.txt': '도서 등록 양식입니다.\n',
          'books.csv': `isbn13,title\n${TEMPLATE_BOOKS.map((b) => `${b.isbn13},${b.title}`).join('\n')}\n`,
        }),
    },
    {
      customerType: 'company',
      name: 'Brand assets',
      extension: 'zip',
      mime: 'application/zip',
      data: async () => zip({ 'logo.txt': 'Publisher Portal\n' }),
    },
    {
      customerType: 'user',
      name: 'Reader guide',
      extension: 'pdf',
      mime: 'application/pdf',
      data: () => pdf('Reader guide', ['For readers.']),
    },
  ];
  const made = await Promise.all(files.map(async (f) => ({ ...f, bytes: await f.data() })));
  for (const f of made) {
    const storageKey = store.newKey('help', f.extension);
    const { size } = await store.put(storageKey, f.bytes);
    const [stored] = await db
      .insert(storedFiles)
      .values({ uploadPath: 'help', companyIdx: null, name: f.name, extension: f.extension, size, mime: f.mime, storageKey })
      .returning({ idx: storedFiles.idx });
    await db.insert(helpFiles).values({ customerType: f.customerType, storedFileIdx: stored!.idx });
  }
}
