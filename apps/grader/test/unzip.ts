// A zip's file entries with their unix modes, read with yauzl (no unzip command needed).
import yauzl from 'yauzl';

export interface ZipEntry {
  path: string;
  mode: number;
  data: Buffer;
}

/** Every file entry of a zip, with its unix mode, read with yauzl (no unzip command needed). */
export function readZip(file: string): Promise<ZipEntry[]> {
  return new Promise((done, fail) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error !== null) return fail(error);
      const entries: ZipEntry[] = [];
      zip.on('error', fail).on('end', () => done(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) return fail(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', fail).on('end', () => {
            entries.push({
              path: entry.fileName,
              mode: (entry.externalFileAttributes >>> 16) & 0o777,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
