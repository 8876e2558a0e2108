/**
 * A multipart/form-data body with one file part named `file`, as the operator console and curl send an
 * import (POST /api/admin/imports/{kind}); spread it into `app.inject` options.
 */
export function multipartFile(fileName: string, data: Buffer | string, contentType = 'application/octet-stream') {
  const boundary = 'portal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
