import { randomUUID } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { PRIVATE_FILE } from '../../private-files.ts';

/** A stored picture as it is sent. */
export interface StoredPicture {
  body: Readable;
  length: number | undefined;
}

/**
 * Where uploaded pictures live (issue 19): the disk under DATA_DIR/uploads (the default, served by
 * @fastify/static), or an S3-compatible store shared by every instance (served by `read`). Names are
 * flat ('<uuid>.webp', '<uuid>.w400.webp'); a picture is written once and never changed.
 */
export interface PictureStore {
  kind: 'disk' | 's3';
  /** Stores a picture under its name, whole or not at all (a name is a random UUID's; a copy made again replaces itself). */
  put(name: string, body: Buffer): Promise<void>;
  /** The picture's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  /** Removes a picture; one already gone is fine. */
  remove(name: string): Promise<void>;
  /** The picture, or null when there is none (S3 only: the disk's are served as files). */
  read(name: string): Promise<StoredPicture | null>;
}

export function diskStore(dir: string): PictureStore {
  return {
    kind: 'disk',
    put: async (name, body) => {
      // Written aside, then renamed: a process killed mid-write leaves no half picture under the name.
      const aside = join(dir, `.${name}.${randomUUID()}`);
      await writeFile(aside, body, { flag: 'wx', mode: PRIVATE_FILE });
      await rename(aside, join(dir, name));
    },
    get: (name) =>
      readFile(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      }),
    remove: (name) =>
      unlink(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      }),
    read: async () => null,
  };
}

/** Another kind of file in the same bucket: under its own prefix, with its own type (the share cards: decision 060). */
export interface S3Files {
  prefix: string;
  type: string;
  cacheControl: string;
}

const uploadedPictures: S3Files = { prefix: '', type: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' };

export function s3Store(config: S3Config, files: S3Files = uploadedPictures): PictureStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  const getObject = async (name: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: files.prefix + name }));
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    put: async (name, body) => {
      // Uploads' names are random UUIDs (a share card's replaces its older drawing): a clash is not expected, and the store is not asked to check (not every S3 clone honours If-None-Match).
      await client.send(new PutObjectCommand({ Bucket, Key: files.prefix + name, Body: body, ContentType: files.type, CacheControl: files.cacheControl }));
    },
    remove: async (name) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: files.prefix + name }));
    },
    read: async (name) => {
      const object = await getObject(name);
      return object && { body: object.Body as Readable, length: object.ContentLength };
    },
    get: async (name) => {
      const object = await getObject(name);
      return object && Buffer.from(await object.Body!.transformToByteArray());
    },
  };
}

/** The store the configuration names. */
export const pictureStore = (s3: S3Config | undefined, uploadsDir: string): PictureStore => (s3 ? s3Store(s3) : diskStore(uploadsDir));
