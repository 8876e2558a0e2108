#!/usr/bin/python3
"""Makes the books.xlsx reader fixtures with programs other than ours (issue 8):
Debian's python3-openpyxl 3.0.9 and LibreOffice Calc (headless convert), plus Python's zipfile
for the zip bombs. Run from anywhere: /usr/bin/python3 make-fixtures.py
The 300-ISBN file for the Playwright spec goes to apps/web/e2e/fixtures/books-300.xlsx."""
import csv, io, os, shutil, struct, subprocess, tempfile, zipfile
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.abspath(os.path.join(HERE, '../../../../../e2e/fixtures'))

# the demo catalogue's ISBN scheme (apps/server/src/db/seed/product.ts): book i is title i // 20 of publisher i % 20
PUBLISHERS = [('97911', '5839'), ('97889', '7044'), ('97911', '6224'), ('97889', '3642'), ('97911', '9170'),
              ('97889', '6618'), ('97911', '8871'), ('97889', '5921'), ('97911', '7340'), ('97889', '3291'),
              ('97911', '6031'), ('97889', '8455'), ('97911', '5512'), ('97889', '2716'), ('97911', '9903'),
              ('97889', '7598'), ('97911', '6687'), ('97889', '5143'), ('97911', '8126'), ('97889', '9482')]

def check13(first12):
    s = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(first12))
    return str((10 - s % 10) % 10)

def check10(first9):
    s = sum(int(d) * (10 - i) for i, d in enumerate(first9))
    c = (11 - s % 11) % 11
    return 'X' if c == 10 else str(c)

def catalogue(i):
    prefix, code = PUBLISHERS[i % 20]
    f = f'{prefix}{code}{i // 20:03d}'
    return f + check13(f)

def unknown(n):  # valid ISBN-13 in no catalogue (979-12)
    f = f'97912{n:07d}'
    return f + check13(f)

def to10(isbn13):  # only for 978 ISBNs
    f = isbn13[3:12]
    return f + check10(f)

def bad(isbn13):
    return isbn13[:12] + str((int(isbn13[12]) + 1) % 10)

def hyphen(isbn13):
    return f'{isbn13[:3]}-{isbn13[3:5]}-{isbn13[5:9]}-{isbn13[9:12]}-{isbn13[12]}'

def out(name):
    return os.path.join(HERE, name)

# 1. numeric cells (Excel/openpyxl store these ISBNs as numbers), no header, titles in column B
wb = Workbook(); ws = wb.active; ws.title = 'Sheet1'
for i in range(20):
    ws.append([int(catalogue(i)), f'Book {i}'])
ws.append([306406152, 'ISBN-10 0306406152 as a number: the leading zero is lost'])
ws.append([9791158390458, 'bad check digit'])
wb.save(out('openpyxl-numbers.xlsx'))

# 2. a header, text forms, blanks, duplicates, bad rows, and a second sheet that must be ignored
wb = Workbook(); ws = wb.active; ws.title = '도서목록'
ws.append(['ISBN', '제목'])
ws.append([hyphen(catalogue(1)), 'hyphens'])                 # row 2
ws.append([' '.join(catalogue(2)[i:i + 4] for i in range(0, 13, 4)), 'spaces'])  # row 3
ws.append([None, None])                                       # row 4 blank
ws.append([to10(catalogue(3)), 'ISBN-10 text'])              # row 5
ws.append([int(catalogue(1)), 'duplicate of row 2, as a number'])  # row 6
ws.append(['', 'empty string'])                               # row 7 blank
ws.append([bad(catalogue(5)), 'bad check digit'])            # row 8
ws.append(['n/a', 'not an ISBN'])                             # row 9
ws.append([unknown(1), 'valid, in no catalogue'])             # row 10
ws.cell(row=14, column=1, value=catalogue(6))                 # rows 11-13 absent, row 14 after a gap
other = wb.create_sheet('메모')
for i in range(100, 140):
    other.append([catalogue(i)])
wb.save(out('openpyxl-header-blanks-two-sheets.xlsx'))

# 3 + 4. LibreOffice: CSV -> xlsx (shared strings, numeric cells) and CSV -> xls renamed to .xlsx
tmp = tempfile.mkdtemp()
csv_path = os.path.join(tmp, 'books.csv')
with open(csv_path, 'w', newline='') as f:
    w = csv.writer(f)
    w.writerow(['ISBN13', 'Title'])
    for i in range(30):
        w.writerow([catalogue(i) if i % 3 else hyphen(catalogue(i)), f'Title {i}'])
for fmt, name in (('xlsx:Calc MS Excel 2007 XML', 'libreoffice.xlsx'), ('xls:MS Excel 97', 'libreoffice-xls-renamed.xlsx')):
    subprocess.run(['soffice', '--headless', f'-env:UserInstallation=file://{tmp}/profile', '--convert-to', fmt,
                    '--outdir', tmp, csv_path], check=True, capture_output=True)
    ext = fmt.split(':')[0]
    shutil.copy(os.path.join(tmp, f'books.{ext}'), out(name))
shutil.rmtree(tmp)

# 5. a zip bomb: a real workbook whose sheet inflates to 100 MB (declared honestly in the zip)
def rebuild(src, dst, replace, lie=False):
    zin = zipfile.ZipFile(src)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for item in zin.infolist():
            data = replace.get(item.filename) or zin.read(item.filename)
            zout.writestr(item.filename, data)
    raw = bytearray(buf.getvalue())
    if lie:  # claim every entry inflates to its compressed size: only a capped inflate catches it
        pos = 0
        while True:
            pos = raw.find(b'PK\x01\x02', pos)
            if pos < 0: break
            csize = struct.unpack_from('<I', raw, pos + 20)[0]
            struct.pack_into('<I', raw, pos + 24, csize)
            off = struct.unpack_from('<I', raw, pos + 42)[0]
            struct.pack_into('<I', raw, off + 22, csize)
            pos += 4
    open(dst, 'wb').write(raw)

base = out('openpyxl-numbers.xlsx')
row = b'<row r="1"><c r="A1" t="inlineStr"><is><t>9791158390457</t></is></c></row>'
huge = (b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + row * (100 * 1024 * 1024 // len(row)) + b'</sheetData></worksheet>')
rebuild(base, out('zip-bomb.xlsx'), {'xl/worksheets/sheet1.xml': huge})
big = (b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
       + row * (60 * 1024 * 1024 // len(row)) + b'</sheetData></worksheet>')
rebuild(base, out('zip-bomb-lying-sizes.xlsx'), {'xl/worksheets/sheet1.xml': big}, lie=True)
del huge, big

# 6. a zip that holds no workbook
with zipfile.ZipFile(out('zip-without-workbook.xlsx'), 'w') as z:
    z.writestr('readme.txt', 'not a spreadsheet')

# 7. the Playwright file: 300 ISBN rows = 260 in the demo catalogue (some as ISBN-10, hyphenated or numbers),
#    30 valid but unknown, 10 with a bad check digit; plus a header, blanks and duplicates
wb = Workbook(); ws = wb.active; ws.title = 'books'
ws.append(['ISBN'])
rows = []
for k, i in enumerate(range(20, 280)):
    isbn = catalogue(i)
    if isbn.startswith('978') and k % 7 == 0: rows.append(to10(isbn))
    elif k % 5 == 0: rows.append(hyphen(isbn))
    elif k % 2 == 0: rows.append(int(isbn))
    else: rows.append(isbn)
for n in range(30): rows.insert(10 + n * 8, unknown(500 + n))
for n in range(10): rows.insert(25 + n * 25, bad(catalogue(400 + n)))
for r in rows: ws.append([r])
ws.append([None]); ws.append([catalogue(20)]); ws.append([int(catalogue(21))])
os.makedirs(E2E, exist_ok=True)
wb.save(os.path.join(E2E, 'books-300.xlsx'))
print('fixtures written to', HERE, 'and', E2E)
