#include "png_encoder.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: Deflate streams joined chunk by chunk
//
// libdeflate compresses whole buffers into complete deflate streams, whose last block carries
// the "final" bit. To join the chunks of one image into the single zlib stream PNG requires,
// every chunk but the last has that bit cleared and is followed by an empty stored block
// (3 header bits, padding to a byte, LEN 0000 NLEN FFFF), which brings the next chunk's blocks
// to a byte boundary: the same marker zlib's Z_SYNC_FLUSH writes. Finding the final block
// means walking the chunk's blocks, decoding (not storing) their Huffman symbols.

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t next;
  uint64_t buffer;
  int count;
} bit_reader;

static void refill(bit_reader *r) {
  while (r->count <= 56) {
    uint64_t byte = r->next < r->size ? r->data[r->next] : 0;
    r->next++;
    r->buffer |= byte << r->count;
    r->count += 8;
  }
}

static uint32_t take(bit_reader *r, int n) {
  if (r->count < n) refill(r);
  uint32_t value = (uint32_t)(r->buffer & ((1ULL << n) - 1));
  r->buffer >>= n;
  r->count -= n;
  return value;
}

static size_t bit_position(const bit_reader *r) { return r->next * 8 - (size_t)r->count; }

/// A lookup table indexed by the next `bits` input bits: symbol << 4 | code length (0: invalid).
typedef struct {
  uint16_t entries[1 << 15];
  int bits;
} huffman_table;

static int build_table(huffman_table *table, const uint8_t *lengths, int n) {
  int count[16] = {0};
  for (int i = 0; i < n; i++) count[lengths[i]]++;
  count[0] = 0;
  int max = 0;
  for (int l = 1; l < 16; l++)
    if (count[l]) max = l;
  if (max == 0) max = 1;  // An unused code (no distances): every lookup is invalid.
  int next[16] = {0};
  int code = 0;
  for (int l = 1; l < 16; l++) {
    code = (code + count[l - 1]) << 1;
    next[l] = code;
  }
  table->bits = max;
  size_t size = (size_t)1 << max;
  memset(table->entries, 0, size * sizeof table->entries[0]);
  for (int symbol = 0; symbol < n; symbol++) {
    int length = lengths[symbol];
    if (length == 0) continue;
    int value = next[length]++;
    if (value >= (1 << length)) return 0;  // Over-subscribed.
    int reversed = 0;
    for (int i = 0; i < length; i++) reversed |= ((value >> i) & 1) << (length - 1 - i);
    for (size_t k = (size_t)reversed; k < size; k += (size_t)1 << length) {
      table->entries[k] = (uint16_t)(symbol << 4 | length);
    }
  }
  return 1;
}

static int decode(bit_reader *r, const huffman_table *table) {
  if (r->count < 15) refill(r);
  uint16_t entry = table->entries[r->buffer & ((1ULL << table->bits) - 1)];
  int length = entry & 15;
  if (length == 0) return -1;
  r->buffer >>= length;
  r->count -= length;
  return entry >> 4;
}

typedef struct {
  huffman_table literals;
  huffman_table distances;
  huffman_table lengths;
} walker_tables;

/// Finds the final block of a deflate stream: the bit offset of its header and of its end.
/// Returns 0 for a malformed stream or one that does not end inside `size` bytes.
static int find_final_block(
    walker_tables *t, const uint8_t *data, size_t size, size_t *final_header, size_t *end) {
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  bit_reader r = {data, size, 0, 0, 0};
  for (;;) {
    size_t header = bit_position(&r);
    int final = (int)take(&r, 1);
    int type = (int)take(&r, 2);
    if (type == 0) {
      size_t byte = (bit_position(&r) + 7) / 8;
      if (byte + 4 > size) return 0;
      unsigned length = data[byte] | data[byte + 1] << 8;
      unsigned inverse = data[byte + 2] | data[byte + 3] << 8;
      if ((length ^ 0xFFFF) != inverse || byte + 4 + length > size) return 0;
      r.next = byte + 4 + length;
      r.buffer = 0;
      r.count = 0;
    } else if (type == 1 || type == 2) {
      uint8_t lengths[288 + 32];
      int literal_count, distance_count;
      if (type == 1) {
        literal_count = 288;
        distance_count = 32;
        for (int i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
        for (int i = 0; i < 32; i++) lengths[288 + i] = 5;
        if (!build_table(&t->literals, lengths, 288) || !build_table(&t->distances, lengths + 288, 32)) return 0;
      } else {
        literal_count = (int)take(&r, 5) + 257;
        distance_count = (int)take(&r, 5) + 1;
        int code_count = (int)take(&r, 4) + 4;
        uint8_t code_lengths[19] = {0};
        for (int i = 0; i < code_count; i++) code_lengths[order[i]] = (uint8_t)take(&r, 3);
        if (!build_table(&t->lengths, code_lengths, 19)) return 0;
        int total = literal_count + distance_count;
        for (int i = 0; i < total;) {
          int symbol = decode(&r, &t->lengths);
          if (symbol < 0) return 0;
          if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
          }
          int repeat, value = 0;
          if (symbol == 16) {
            if (i == 0) return 0;
            value = lengths[i - 1];
            repeat = 3 + (int)take(&r, 2);
          } else if (symbol == 17) {
            repeat = 3 + (int)take(&r, 3);
          } else {
            repeat = 11 + (int)take(&r, 7);
          }
          if (i + repeat > total) return 0;
          while (repeat--) lengths[i++] = (uint8_t)value;
        }
        uint8_t distance_lengths[32] = {0};
        memcpy(distance_lengths, lengths + literal_count, (size_t)distance_count);
        if (!build_table(&t->literals, lengths, literal_count) ||
            !build_table(&t->distances, distance_lengths, distance_count))
          return 0;
      }
      for (;;) {
        int symbol = decode(&r, &t->literals);
        if (symbol < 0 || symbol > 285) return 0;
        if (symbol < 256) continue;
        if (symbol == 256) break;
        if (symbol >= 265 && symbol < 285) take(&r, (symbol - 261) / 4);
        int distance = decode(&r, &t->distances);
        if (distance < 0 || distance > 29) return 0;
        if (distance >= 4) take(&r, (distance - 2) / 2);
        if (r.next > size + 16) return 0;  // Ran far past the end: not a stream we wrote.
      }
    } else {
      return 0;
    }
    if (bit_position(&r) > size * 8) return 0;
    if (final) {
      *final_header = header;
      *end = bit_position(&r);
      return 1;
    }
  }
}

// MARK: The stream

/// What one thread needs to deflate: libdeflate compressors by level (one may not be used by
/// two threads at once), a buffer for a compressed chunk, and tables for find_final_block.
typedef struct {
  struct libdeflate_compressor *compressors[13];
  unsigned char *compressed;
  size_t compressed_capacity;
  walker_tables *tables;
} deflater;

/// `d`'s compressor for `level` (0…12), allocated on first use; NULL when out of memory.
static struct libdeflate_compressor *deflater_compressor(deflater *d, int level) {
  if (d->compressors[level] == NULL) d->compressors[level] = libdeflate_alloc_compressor(level);
  return d->compressors[level];
}

static void deflater_free(deflater *d) {
  for (int i = 0; i < 13; i++)
    if (d->compressors[i] != NULL) libdeflate_free_compressor(d->compressors[i]);
  free(d->compressed);
  free(d->tables);
}

enum { JOB_BUFFERS = 3 };
typedef enum { JOB_FREE, JOB_FILLING, JOB_PENDING, JOB_RUNNING } job_state;

/// One chunk of filtered rows and how to deflate it. With `keep_smallest`, `data` holds the
/// rows with filter NONE and `adaptive` the same rows with adaptive filters, and `photo` says
/// which kind's choices apply.
typedef struct {
  unsigned char *data;
  unsigned char *adaptive;
  size_t size;
  int level, final, photo;
  int indexed;  // The image had at most 256 colours when the chunk was filled.
  int chunk;  // Its number in the image, from 0.
  job_state state;
} chunk_job;

struct png_stream {
  int width, height, channels;
  png_encoder_options options;
  int band_rows;
  size_t row_bytes;  // Filter byte + pixels.
  int rows_written;
  png_encoder_status status;
  char message[160];

  // Unfiltered previous and current rows (the filters look one row up), and filter scratch.
  unsigned char *previous, *current, *scratch;

  // Filtered rows, a chunk per job.
  chunk_job jobs[JOB_BUFFERS];
  int chunks_filled;
  // Each chunk's deflate stream, by chunk number, joined in order by png_stream_finish, with
  // the Adler-32 and length of the filtered rows it holds (combined there into the zlib
  // stream's checksum, so each chunk may pick its own filters).
  png_encoder_output *parts;
  uint32_t *part_adlers;
  size_t *part_lengths;
  int part_count;
  // keep_smallest: the filtered rows (NONE, adaptive) and kind of each chunk deflated with the
  // baseline alone while the image had at most 256 colours, searched at png_stream_finish if
  // the image ends with more.
  struct deferred_chunk {
    unsigned char *rows[2];
    int photo;
  } *deferred;

  // The PNG so far: signature, IHDR, colour chunks, the IDAT header and the zlib header.
  png_encoder_output output;
  size_t idat_start;  // Offset of the IDAT chunk's length field.
  deflater own;       // The caller's thread's.

  // Indexed colour: while the image has used at most 256 colours (ARGB32 words, in order of
  // first appearance), each chunk is also kept as one palette index per pixel, deflated quickly;
  // png_stream_finish re-packs those at the smallest bit depth and keeps the smaller file.
  int indexed;  // Every pixel so far is in `palette`.
  int palette_count;
  uint32_t palette[256];
  uint32_t slot_words[1024];  // Open addressing: word → index + 1 in slot_indices (0: empty).
  uint16_t slot_indices[1024];
  unsigned char *index_rows;  // One chunk's indices, `width` bytes a row.
  png_encoder_output index_chunks;  // Each chunk's deflated indices after its 4-byte length.

  // The worker thread: it deflates pending jobs, oldest first, while the caller's thread draws
  // and filters the next rows; when every buffer is taken the caller's thread deflates the
  // oldest pending job itself, and at the end it deflates what is left alongside the worker.
  int threaded, thread_started, stopping;
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  deflater worker;
  png_encoder_status job_status;  // The first failure of a job on either thread.
  char job_message[160];
};

static void fail(png_stream *s, png_encoder_status status, const char *text) {
  if (s->status != PNG_ENCODER_OK) return;
  s->status = status;
  snprintf(s->message, sizeof s->message, "%s", text);
}

/// A job's failure, on either thread (called with the lock held when threaded): kept apart
/// from `status` until `collect` moves it there on the caller's thread.
static void fail_job(png_stream *s, png_encoder_status status, const char *text) {
  if (s->job_status != PNG_ENCODER_OK) return;
  s->job_status = status;
  snprintf(s->job_message, sizeof s->job_message, "%s", text);
}

/// Moves a job failure into the stream's status (with the threads synchronised).
static void collect(png_stream *s) {
  if (s->job_status != PNG_ENCODER_OK) fail(s, s->job_status, s->job_message);
}

static int reserve(png_encoder_output *o, size_t length) {
  if (o->size + length <= o->capacity) return 1;
  size_t capacity = o->capacity > 0 ? o->capacity : 65536;
  while (capacity < o->size + length) capacity *= 2;
  unsigned char *grown = realloc(o->data, capacity);
  if (grown == NULL) return 0;
  o->data = grown;
  o->capacity = capacity;
  return 1;
}

static int append_to(png_encoder_output *o, const void *bytes, size_t length) {
  if (!reserve(o, length)) return 0;
  if (length > 0) memcpy(o->data + o->size, bytes, length);
  o->size += length;
  return 1;
}

static int append(png_stream *s, const void *bytes, size_t length) { return append_to(&s->output, bytes, length); }

static void put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

/// Deflates `size` bytes at `level` with `d` (one thread's) and appends them to `target` as
/// part of one zlib stream: unless `final`, the deflate stream's final bit is cleared and an
/// empty stored block brings the next part to a byte boundary. On failure, `why` says why.
static png_encoder_status deflate_part(deflater *d, int level, const unsigned char *data, size_t size, int final,
                                       png_encoder_output *target, const char **why) {
  struct libdeflate_compressor *compressor = deflater_compressor(d, level);
  if (compressor == NULL) return *why = "out of memory for libdeflate's compressor", PNG_ENCODER_OUT_OF_MEMORY;
  size_t bound = libdeflate_deflate_compress_bound(compressor, size) + 8;
  if (bound > d->compressed_capacity) {
    free(d->compressed);
    d->compressed = malloc(bound);
    d->compressed_capacity = d->compressed != NULL ? bound : 0;
    if (d->compressed == NULL) return *why = "out of memory for a deflate buffer", PNG_ENCODER_OUT_OF_MEMORY;
  }
  unsigned char *compressed = d->compressed;
  size_t length = libdeflate_deflate_compress(compressor, data, size, compressed, bound - 8);
  if (length == 0) return *why = "libdeflate could not compress a chunk", PNG_ENCODER_INVALID_ARGUMENT;
  if (!final) {
    if (d->tables == NULL) d->tables = malloc(sizeof *d->tables);
    if (d->tables == NULL) return *why = "out of memory for Huffman tables", PNG_ENCODER_OUT_OF_MEMORY;
    size_t header, end;
    if (!find_final_block(d->tables, compressed, length, &header, &end) || (end + 7) / 8 != length) {
      return *why = "libdeflate wrote a stream this encoder cannot join", PNG_ENCODER_INVALID_ARGUMENT;
    }
    compressed[header / 8] &= (unsigned char)~(1u << (header % 8));
    if (end % 8 != 0) compressed[end / 8] &= (unsigned char)((1u << (end % 8)) - 1);
    // An empty stored block: 3 zero header bits (in the padding when 3 bits are left), then
    // LEN 0 and NLEN 0xFFFF from the next byte boundary.
    size_t padding = length * 8 - end;
    if (padding < 3) compressed[length++] = 0;
    static const unsigned char empty_stored[4] = {0x00, 0x00, 0xFF, 0xFF};
    memcpy(compressed + length, empty_stored, 4);
    length += 4;
  }
  if (!append_to(target, compressed, length)) {
    return *why = "out of memory growing the PNG buffer", PNG_ENCODER_OUT_OF_MEMORY;
  }
  return PNG_ENCODER_OK;
}

/// The Adler-32 of A followed by B, from A's checksum, B's and B's length (zlib's
/// adler32_combine).
static uint32_t adler32_combine(uint32_t adler_a, uint32_t adler_b, size_t length_b) {
  const uint64_t base = 65521;
  uint64_t remainder = length_b % base;
  uint64_t sum1 = adler_a & 0xFFFF;
  uint64_t sum2 = (remainder * sum1) % base;
  sum1 += (adler_b & 0xFFFF) + base - 1;
  sum2 += ((adler_a >> 16) & 0xFFFF) + ((adler_b >> 16) & 0xFFFF) + base - remainder;
  sum1 %= base;
  sum2 %= base;
  return (uint32_t)(sum1 | sum2 << 16);
}

/// Deflates `job`'s chunk as `keep_smallest` asks (see png_encoder_options): its kind's
/// baseline choice; the other row filters at the baseline level; the filters that deflated
/// smaller at the kind's own level, unless the image still had at most 256 colours when the
/// chunk was filled (`job->indexed`): then the indexed form will almost surely be kept, so the
/// chunk is deflated with the baseline choice alone and its rows kept for
/// `png_stream_finish`, which searches them if the image ends with more colours. Appends the smallest part (the first of equals) to
/// `target` and sets `adler` to the checksum of the filtered rows it holds.
static png_encoder_status deflate_smallest(png_stream *s, deflater *d, const chunk_job *job,
                                           png_encoder_output *target, uint32_t *adler, const char **why) {
  png_encoder_choice baseline = job->photo ? s->options.baseline_photo : s->options.baseline_art;
  int level = job->photo ? s->options.photo.level : s->options.art.level;
  const unsigned char *rows[2] = {job->data, job->adaptive};  // Filter NONE, adaptive filters.
  int base = baseline.filters == PNG_ENCODER_FILTER_NONE ? 0 : 1;
  int tried[3] = {base, 1 - base, 0};
  png_encoder_output parts[3] = {{0}, {0}, {0}};
  png_encoder_status status = deflate_part(d, baseline.level, rows[tried[0]], job->size, job->final, &parts[0], why);
  if (status == PNG_ENCODER_OK)
    status = deflate_part(d, baseline.level, rows[tried[1]], job->size, job->final, &parts[1], why);
  int count = 3;
  if (status == PNG_ENCODER_OK) {
    tried[2] = parts[1].size < parts[0].size ? tried[1] : tried[0];
    status = deflate_part(d, level, rows[tried[2]], job->size, job->final, &parts[2], why);
  }
  if (status == PNG_ENCODER_OK) {
    int kept = 0;
    for (int i = 1; i < count; i++)
      if (parts[i].size < parts[kept].size) kept = i;
    *adler = libdeflate_adler32(1, rows[tried[kept]], job->size);
    if (!append_to(target, parts[kept].data, parts[kept].size)) {
      *why = "out of memory growing the PNG buffer";
      status = PNG_ENCODER_OUT_OF_MEMORY;
    }
  }
  for (int i = 0; i < 3; i++) png_encoder_free(&parts[i]);
  return status;
}

// MARK: Jobs on two threads
//
// Rules (every state change under `lock` when threaded): the caller's thread takes a FREE
// buffer (FILLING), fills it and makes it PENDING; either thread takes the oldest PENDING job
// (RUNNING), deflates it into its chunk's part, and frees it. Parts are joined in chunk order,
// and each chunk is deflated on its own, so which thread ran it never changes the bytes.

/// Deflates `job` with `d` into its chunk's part (without the lock), then frees the buffer
/// (with it).
static void run_job(png_stream *s, deflater *d, chunk_job *job) {
  const char *why = NULL;
  png_encoder_status status;
  uint32_t adler = 1;
  if (s->options.keep_smallest && !job->indexed) {
    status = deflate_smallest(s, d, job, &s->parts[job->chunk], &adler, &why);
  } else if (s->options.keep_smallest) {
    png_encoder_choice baseline = job->photo ? s->options.baseline_photo : s->options.baseline_art;
    unsigned char *rows = baseline.filters == PNG_ENCODER_FILTER_NONE ? job->data : job->adaptive;
    status = deflate_part(d, baseline.level, rows, job->size, job->final, &s->parts[job->chunk], &why);
    adler = libdeflate_adler32(1, rows, job->size);
    struct deferred_chunk *kept = &s->deferred[job->chunk];
    kept->photo = job->photo;
    for (int i = 0; i < 2 && status == PNG_ENCODER_OK; i++) {
      kept->rows[i] = malloc(job->size);
      if (kept->rows[i] == NULL) {
        status = PNG_ENCODER_OUT_OF_MEMORY;
        why = "out of memory keeping a chunk's rows";
      } else {
        memcpy(kept->rows[i], i == 0 ? job->data : job->adaptive, job->size);
      }
    }
  } else {
    status = deflate_part(d, job->level, job->data, job->size, job->final, &s->parts[job->chunk], &why);
    adler = libdeflate_adler32(1, job->data, job->size);
  }
  // Each chunk's own slots: read only by png_stream_finish, after every job is done.
  s->part_adlers[job->chunk] = adler;
  s->part_lengths[job->chunk] = job->size;
  if (s->threaded) pthread_mutex_lock(&s->lock);
  if (status != PNG_ENCODER_OK) fail_job(s, status, why);
  job->state = JOB_FREE;
  if (s->threaded) {
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
  }
}

/// The oldest pending job, or NULL (with the lock held).
static chunk_job *oldest_pending(png_stream *s) {
  chunk_job *oldest = NULL;
  for (int i = 0; i < JOB_BUFFERS; i++) {
    chunk_job *job = &s->jobs[i];
    if (job->state == JOB_PENDING && (oldest == NULL || job->chunk < oldest->chunk)) oldest = job;
  }
  return oldest;
}

/// Runs the oldest pending job with `d`, if there is one (called and returning with the lock
/// held, released while deflating). Returns 0 when no job was pending.
static int run_oldest_pending(png_stream *s, deflater *d) {
  chunk_job *job = oldest_pending(s);
  if (job == NULL) return 0;
  job->state = JOB_RUNNING;
  pthread_mutex_unlock(&s->lock);
  run_job(s, d, job);
  pthread_mutex_lock(&s->lock);
  return 1;
}

static void *worker_main(void *argument) {
  png_stream *s = argument;
  pthread_mutex_lock(&s->lock);
  while (!s->stopping) {
    if (!run_oldest_pending(s, &s->worker)) pthread_cond_wait(&s->changed, &s->lock);
  }
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

/// A buffer for the next chunk's filtered rows: a free one, else the caller's thread deflates
/// the oldest pending job itself and takes its buffer.
static chunk_job *acquire_buffer(png_stream *s) {
  if (!s->threaded) return &s->jobs[0];
  pthread_mutex_lock(&s->lock);
  for (;;) {
    for (int i = 0; i < JOB_BUFFERS; i++) {
      if (s->jobs[i].data != NULL && s->jobs[i].state == JOB_FREE) {
        s->jobs[i].state = JOB_FILLING;
        pthread_mutex_unlock(&s->lock);
        return &s->jobs[i];
      }
    }
    if (!run_oldest_pending(s, &s->own)) pthread_cond_wait(&s->changed, &s->lock);
  }
}

/// Hands the filled buffer over to be deflated: at once on this thread when unthreaded (or
/// when the worker cannot start), else to the worker.
static void submit(png_stream *s, chunk_job *job, size_t size, int level, int final, int photo) {
  job->size = size;
  job->level = level;
  job->final = final;
  job->photo = photo;
  job->indexed = s->indexed;
  job->chunk = s->chunks_filled++;
  if (s->threaded && !s->thread_started) {
    if (pthread_create(&s->thread, NULL, worker_main, s) == 0) {
      s->thread_started = 1;
    } else {
      s->threaded = 0;
    }
  }
  if (!s->threaded) {
    job->state = JOB_RUNNING;
    run_job(s, &s->own, job);
    collect(s);
    return;
  }
  pthread_mutex_lock(&s->lock);
  job->state = JOB_PENDING;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
}

/// Deflates the pending jobs on this thread alongside the worker until none is left or
/// running, then moves any failure into `status`.
static void drain(png_stream *s) {
  if (!s->threaded) return;
  pthread_mutex_lock(&s->lock);
  for (;;) {
    if (run_oldest_pending(s, &s->own)) continue;
    int running = 0;
    for (int i = 0; i < JOB_BUFFERS; i++) running |= s->jobs[i].state == JOB_RUNNING;
    if (!running) break;
    pthread_cond_wait(&s->changed, &s->lock);
  }
  collect(s);
  pthread_mutex_unlock(&s->lock);
}

/// Appends one chunk: length, type, data, CRC over type and data.
static int append_chunk_to(png_encoder_output *o, const char type[4], const unsigned char *data, size_t length) {
  if (length > 0x7FFFFFFF) return 0;
  unsigned char head[8];
  put32(head, (uint32_t)length);
  memcpy(head + 4, type, 4);
  uint32_t crc = libdeflate_crc32(0, head + 4, 4);
  crc = libdeflate_crc32(crc, data, length);
  unsigned char tail[4];
  put32(tail, crc);
  return append_to(o, head, 8) && append_to(o, data, length) && append_to(o, tail, 4);
}

static int append_chunk(png_stream *s, const char type[4], const unsigned char *data, size_t length) {
  return append_chunk_to(&s->output, type, data, length);
}

/// Ends the file in `o` whose IDAT chunk starts at `idat_start` (its length field) and holds
/// the zlib header and deflate stream so far: appends the Adler-32 `adler`, fills in IDAT's
/// length, appends its CRC and IEND. Returns 0 when out of memory.
static int finish_idat(png_encoder_output *o, size_t idat_start, uint32_t adler) {
  unsigned char trailer[4];
  put32(trailer, adler);
  if (!append_to(o, trailer, 4)) return 0;
  size_t idat_length = o->size - idat_start - 8;
  put32(o->data + idat_start, (uint32_t)idat_length);
  put32(trailer, libdeflate_crc32(0, o->data + idat_start + 4, idat_length + 4));
  static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
  return append_to(o, trailer, 4) && append_to(o, iend, sizeof iend);
}

/// The colour chunks of `color` (see png_encoder_color), in the order PNG's third edition
/// lists them: cICP, iCCP, or sRGB, gAMA, cHRM.
static int append_color_chunks(png_stream *s, const png_encoder_color *color) {
  if (color->has_cicp && !append_chunk(s, "cICP", color->cicp, 4)) return 0;
  if (color->icc_profile != NULL) {
    const char *name = color->icc_name != NULL ? color->icc_name : "ICC profile";
    size_t name_length = strlen(name);
    if (name_length < 1 || name_length > 79) return 0;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(9);
    if (compressor == NULL) return 0;
    size_t bound = libdeflate_zlib_compress_bound(compressor, color->icc_profile_size);
    unsigned char *data = malloc(name_length + 2 + bound);
    if (data == NULL) {
      libdeflate_free_compressor(compressor);
      return 0;
    }
    memcpy(data, name, name_length);
    data[name_length] = 0;      // Name terminator.
    data[name_length + 1] = 0;  // Compression method: zlib deflate.
    size_t compressed = libdeflate_zlib_compress(
        compressor, color->icc_profile, color->icc_profile_size, data + name_length + 2, bound);
    libdeflate_free_compressor(compressor);
    int ok = compressed > 0 && append_chunk(s, "iCCP", data, name_length + 2 + compressed);
    free(data);
    return ok;
  }
  static const unsigned char srgb[1] = {0};  // Rendering intent: perceptual.
  unsigned char gama[4], chrm[32];
  put32(gama, 45455);  // 1/2.2 × 100000.
  static const uint32_t chromaticities[8] = {31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000};
  for (int i = 0; i < 8; i++) put32(chrm + 4 * i, chromaticities[i]);
  return append_chunk(s, "sRGB", srgb, 1) && append_chunk(s, "gAMA", gama, 4) && append_chunk(s, "cHRM", chrm, 32);
}

int png_encoder_band_rows(int width) {
  if (width < 1) width = 1;
  int rows = (int)((2u << 20) / ((unsigned)width * 4u));
  rows = rows / 16 * 16;
  return rows < 16 ? 16 : rows;
}

static int valid_choice(png_encoder_choice c) {
  return c.level >= 0 && c.level <= 12 && (c.filters & ~PNG_ENCODER_FILTER_ALL) == 0 &&
         (c.filters & PNG_ENCODER_FILTER_ALL) != 0;
}

/// A baseline choice of `keep_smallest`: filter NONE or every filter, the two forms it keeps.
static int valid_baseline(png_encoder_choice c) {
  return valid_choice(c) && (c.filters == PNG_ENCODER_FILTER_NONE || c.filters == PNG_ENCODER_FILTER_ALL);
}

png_stream *png_stream_create(int width, int height, int rgba, png_encoder_options options, int threaded) {
  if (width <= 0 || height <= 0 || width > (1 << 24) || !valid_choice(options.art) ||
      !valid_choice(options.photo) || !valid_choice(options.indexed) ||
      (options.keep_smallest && (!valid_baseline(options.baseline_art) || !valid_baseline(options.baseline_photo) ||
                                 !valid_choice(options.baseline_indexed)))) {
    return NULL;
  }
  png_stream *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->width = width;
  s->height = height;
  s->channels = rgba ? 4 : 3;
  s->options = options;
  s->band_rows = png_encoder_band_rows(width);
  s->row_bytes = 1 + (size_t)width * (size_t)s->channels;
  s->threaded = threaded;
  s->indexed = 1;
  s->previous = calloc(s->row_bytes, 1);
  s->current = calloc(s->row_bytes, 1);
  s->scratch = malloc(s->row_bytes * 5);
  size_t chunk = s->row_bytes * (size_t)(s->band_rows < height ? s->band_rows : height);
  s->part_count = (height + s->band_rows - 1) / s->band_rows;
  s->parts = calloc((size_t)s->part_count, sizeof *s->parts);
  s->part_adlers = calloc((size_t)s->part_count, sizeof *s->part_adlers);
  s->part_lengths = calloc((size_t)s->part_count, sizeof *s->part_lengths);
  s->deferred = calloc((size_t)s->part_count, sizeof *s->deferred);
  int buffers_allocated = s->part_adlers != NULL && s->part_lengths != NULL && s->deferred != NULL;
  for (int i = 0; i < (threaded ? JOB_BUFFERS : 1); i++) {
    buffers_allocated &= (s->jobs[i].data = malloc(chunk)) != NULL;
    if (options.keep_smallest) buffers_allocated &= (s->jobs[i].adaptive = malloc(chunk)) != NULL;
  }
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->changed, NULL);
  unsigned char header[8 + 25] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  unsigned char *ihdr = header + 8;
  put32(ihdr, 13);
  memcpy(ihdr + 4, "IHDR", 4);
  put32(ihdr + 8, (uint32_t)width);
  put32(ihdr + 12, (uint32_t)height);
  ihdr[16] = 8;
  ihdr[17] = rgba ? 6 : 2;
  ihdr[18] = ihdr[19] = ihdr[20] = 0;
  put32(ihdr + 21, libdeflate_crc32(0, ihdr + 4, 17));
  // IDAT's length is filled in by png_stream_finish. zlib header: deflate with a 32 KiB
  // window; FLEVEL as libdeflate_zlib_compress sets it.
  unsigned char idat[8 + 2] = {0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0};
  int level = options.art.level;
  idat[9] = level < 2 ? 0x01 : level < 6 ? 0x5E : level == 6 ? 0x9C : 0xDA;
  if (s->previous == NULL || s->current == NULL || s->scratch == NULL || s->parts == NULL || !buffers_allocated ||
      !append(s, header, sizeof header) ||
      !append_color_chunks(s, &options.color)) {
    png_stream_destroy(s);
    return NULL;
  }
  s->idat_start = s->output.size;
  if (!append(s, idat, sizeof idat)) {
    png_stream_destroy(s);
    return NULL;
  }
  // The profile is not kept: its pointers are valid only during this call.
  s->options.color.icc_profile = NULL;
  s->options.color.icc_name = NULL;
  s->output.color_type = rgba ? 6 : 2;
  return s;
}

const char *png_stream_message(const png_stream *stream) { return stream->message; }

// Un-premultiplies with Cairo's own rounding (cairo-png.c unpremultiply_data), so decoded
// pixels equal those of cairo_surface_write_to_png.
static void unpremultiply(uint32_t word, unsigned char rgba[4]) {
  uint32_t alpha = word >> 24;
  if (alpha == 255) {
    rgba[0] = (unsigned char)(word >> 16);
    rgba[1] = (unsigned char)(word >> 8);
    rgba[2] = (unsigned char)word;
  } else if (alpha == 0) {
    rgba[0] = rgba[1] = rgba[2] = 0;
  } else {
    rgba[0] = (unsigned char)((((word >> 16) & 0xFF) * 255 + alpha / 2) / alpha);
    rgba[1] = (unsigned char)((((word >> 8) & 0xFF) * 255 + alpha / 2) / alpha);
    rgba[2] = (unsigned char)(((word & 0xFF) * 255 + alpha / 2) / alpha);
  }
  rgba[3] = (unsigned char)alpha;
}

static void convert_rgba(const uint32_t *source, unsigned char *row, int width) {
  for (int x = 0; x < width; x++, row += 4) unpremultiply(source[x], row);
}

/// Returns 0 when a pixel is not opaque.
static int convert_rgb(const uint32_t *source, unsigned char *row, int width) {
  uint32_t all = 0xFF000000u;
  for (int x = 0; x < width; x++) {
    uint32_t word = source[x];
    all &= word;
    row[0] = (unsigned char)(word >> 16);
    row[1] = (unsigned char)(word >> 8);
    row[2] = (unsigned char)word;
    row += 3;
  }
  return (all & 0xFF000000u) == 0xFF000000u;
}

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/// Filters `row` (unfiltered, above = the row before) with filter type `type` into out[0…n].
static void apply_filter(int type, const unsigned char *row, const unsigned char *above, size_t n, int bpp,
                         unsigned char *out) {
  out[0] = (unsigned char)type;
  out++;
  switch (type) {
  case 0: memcpy(out, row, n); break;
  case 1:
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(row[i] - (i >= (size_t)bpp ? row[i - bpp] : 0));
    break;
  case 2:
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(row[i] - above[i]);
    break;
  case 3:
    for (size_t i = 0; i < n; i++) {
      int left = i >= (size_t)bpp ? row[i - bpp] : 0;
      out[i] = (unsigned char)(row[i] - ((left + above[i]) >> 1));
    }
    break;
  default:
    for (size_t i = 0; i < n; i++) {
      int left = i >= (size_t)bpp ? row[i - bpp] : 0;
      int upper_left = i >= (size_t)bpp ? above[i - bpp] : 0;
      out[i] = (unsigned char)(row[i] - paeth(left, above[i], upper_left));
    }
  }
}

/// Writes `s->current` filtered against `s->previous` (filter byte first, `row_bytes` in all,
/// `bpp` bytes a pixel, rounded up) to `out`: the one allowed filter, or with several the one
/// whose bytes, read as signed, have the smallest sum of absolute values (libpng's heuristic;
/// ties go to the lower filter type).
static void filter_line(png_stream *s, int filters, size_t row_bytes, int bpp, unsigned char *out) {
  size_t n = row_bytes - 1;
  int single = -1, allowed = 0;
  for (int type = 0; type < 5; type++) {
    if (filters & (PNG_ENCODER_FILTER_NONE << type)) {
      single = allowed == 0 ? type : -1;
      allowed++;
    }
  }
  if (allowed == 1) return apply_filter(single, s->current, s->previous, n, bpp, out);
  uint64_t best_sum = UINT64_MAX;
  int best = 0;
  for (int type = 0; type < 5; type++) {
    if (!(filters & (PNG_ENCODER_FILTER_NONE << type))) continue;
    unsigned char *candidate = s->scratch + (size_t)type * row_bytes;
    apply_filter(type, s->current, s->previous, n, bpp, candidate);
    uint64_t sum = 0;
    for (size_t i = 1; i <= n; i++) {
      int v = (signed char)candidate[i];
      sum += (uint64_t)(v < 0 ? -v : v);
    }
    if (sum < best_sum) {
      best_sum = sum;
      best = type;
    }
  }
  memcpy(out, s->scratch + (size_t)best * row_bytes, row_bytes);
}

/// Filters the stream's current row of pixels (see filter_line).
static void filter_row(png_stream *s, int filters, unsigned char *out) {
  filter_line(s, filters, s->row_bytes, s->channels, out);
}

// MARK: Indexed colour

/// The palette index of `word`, added when new; -1 when it would be a 257th colour.
static int palette_index(png_stream *s, uint32_t word) {
  uint32_t slot = (word * 2654435761u) >> 22;  // 10 bits: the table's 1024 slots.
  while (s->slot_indices[slot] != 0) {
    if (s->slot_words[slot] == word) return s->slot_indices[slot] - 1;
    slot = (slot + 1) & 1023;
  }
  if (s->palette_count == 256) return -1;
  s->palette[s->palette_count] = word;
  s->slot_words[slot] = word;
  s->slot_indices[slot] = (uint16_t)++s->palette_count;
  return s->palette_count - 1;
}

/// Gives up the indexed form: a 257th colour, or no memory for it (the RGB form is unaffected).
static void drop_indexed(png_stream *s) {
  s->indexed = 0;
  free(s->index_rows);
  s->index_rows = NULL;
  png_encoder_free(&s->index_chunks);
}

/// Keeps a chunk's pixels as palette indices (deflated quickly, 4-byte length first) while the
/// image has used at most 256 colours. Runs on the caller's thread.
static void index_chunk(png_stream *s, const unsigned char *pixels, int rows, int stride) {
  if (!s->indexed) return;
  size_t size = (size_t)s->width * (size_t)rows;
  if (s->index_rows == NULL) s->index_rows = malloc((size_t)s->width * (size_t)s->band_rows);
  // Level 1 with the caller's thread's own compressor (this runs on that thread).
  struct libdeflate_compressor *compressor = deflater_compressor(&s->own, 1);
  if (s->index_rows == NULL || compressor == NULL) return drop_indexed(s);
  uint32_t last_word = 0;
  int last = -1;
  for (int y = 0; y < rows; y++) {
    const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
    unsigned char *row = s->index_rows + (size_t)y * (size_t)s->width;
    for (int x = 0; x < s->width; x++) {
      if (last < 0 || source[x] != last_word) {
        last_word = source[x];
        last = palette_index(s, last_word);
        if (last < 0) return drop_indexed(s);
      }
      row[x] = (unsigned char)last;
    }
  }
  png_encoder_output *o = &s->index_chunks;
  size_t bound = libdeflate_deflate_compress_bound(compressor, size);
  if (!reserve(o, 4 + bound)) return drop_indexed(s);
  size_t compressed = libdeflate_deflate_compress(compressor, s->index_rows, size, o->data + o->size + 4, bound);
  if (compressed == 0 || compressed > 0xFFFFFFFFu) return drop_indexed(s);
  put32(o->data + o->size, (uint32_t)compressed);
  o->size += 4 + compressed;
}

png_encoder_status png_stream_write_rows(png_stream *s, const unsigned char *pixels, int rows, int stride) {
  if (s->status != PNG_ENCODER_OK) return s->status;
  if (pixels == NULL || rows < 0 || stride < s->width * 4 || rows > s->height - s->rows_written) {
    fail(s, PNG_ENCODER_INVALID_ARGUMENT, "invalid rows or stride");
    return s->status;
  }
  while (rows > 0 && s->status == PNG_ENCODER_OK) {
    int remaining = s->height - s->rows_written;
    int chunk_rows = s->band_rows < remaining ? s->band_rows : remaining;
    if (rows < chunk_rows) {
      fail(s, PNG_ENCODER_INVALID_ARGUMENT, "rows must come in whole chunks (png_encoder_band_rows)");
      break;
    }
    // Art or photo, judged on this chunk's rows at multiples of 16 in the image.
    int first_sampled = (16 - s->rows_written % 16) % 16;
    double repeat = first_sampled < chunk_rows
                        ? png_encoder_repeat_fraction(
                              pixels + (size_t)first_sampled * stride, s->width, chunk_rows - first_sampled,
                              stride, 16)
                        : 1;
    int photo = repeat < s->options.photo_threshold;
    index_chunk(s, pixels, chunk_rows, stride);
    png_encoder_choice choice = photo ? s->options.photo : s->options.art;
    // keep_smallest searches the RGB form only once the image has more than 256 colours.
    chunk_job *job = acquire_buffer(s);
    unsigned char *out = job->data;
    for (int y = 0; y < chunk_rows; y++) {
      const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * stride);
      if (s->channels == 4) {
        convert_rgba(source, s->current, s->width);
      } else if (!convert_rgb(source, s->current, s->width)) {
        fail(s, PNG_ENCODER_NOT_OPAQUE, "a translucent pixel in an RGB image");
        return s->status;
      }
      if (s->options.keep_smallest) {
        apply_filter(0, s->current, s->previous, s->row_bytes - 1, s->channels, out + (size_t)y * s->row_bytes);
        filter_row(s, PNG_ENCODER_FILTER_ALL, job->adaptive + (size_t)y * s->row_bytes);
      } else {
        filter_row(s, choice.filters, out + (size_t)y * s->row_bytes);
      }
      unsigned char *swap = s->previous;
      s->previous = s->current;
      s->current = swap;
    }
    s->rows_written += chunk_rows;
    size_t size = (size_t)chunk_rows * s->row_bytes;
    submit(s, job, size, choice.level, s->rows_written == s->height, photo);
    pixels += (size_t)chunk_rows * stride;
    rows -= chunk_rows;
  }
  return s->status;
}

/// The whole file in indexed colour (IHDR colour type 3 at 1, 2, 4 or 8 bits, PLTE, tRNS when
/// a colour is translucent), rows filtered with `filters` (PNG_ENCODER_FILTER_* bits, as
/// `filter_row` chooses) and deflated at `level`, from the chunks `index_chunk` kept and the
/// finished RGB file's signature and colour chunks; deflated chunk by chunk, or with `whole`
/// as one deflate stream (no block header per chunk, matches across chunks). On failure
/// `indexed` is left empty.
static png_encoder_status build_indexed(png_stream *s, png_encoder_choice choice, int whole,
                                        png_encoder_output *indexed, const char **why) {
  int filters = choice.filters;
  memset(indexed, 0, sizeof *indexed);
  int count = s->palette_count;
  int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
  size_t packed_row = 1 + ((size_t)s->width * (size_t)depth + 7) / 8;
  unsigned char *packed = malloc(packed_row * (size_t)(whole ? s->height : s->band_rows));
  // Filtering runs on the stream's row buffers (longer than packed rows), the first row
  // filtered against zeros, as PNG's first row is.
  memset(s->previous, 0, packed_row);
  struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
  png_encoder_status status = PNG_ENCODER_OUT_OF_MEMORY;
  *why = "out of memory for the indexed-colour form";
  // Translucent colours first, so tRNS (alpha for the palette's first entries) stays short;
  // otherwise in order of first appearance. `order` maps a kept index to its palette place.
  unsigned char plte[3 * 256], trns[256], order[256];
  int translucent = 0;
  for (int pass = 0, place = 0; pass < 2; pass++) {
    for (int i = 0; i < count; i++) {
      unsigned char rgba[4];
      unpremultiply(s->palette[i], rgba);
      if ((rgba[3] != 255) != (pass == 0)) continue;
      order[i] = (unsigned char)place;
      memcpy(plte + 3 * place, rgba, 3);
      trns[place++] = rgba[3];
      if (pass == 0) translucent = place;
    }
  }
  // Signature, IHDR (bit depth and colour type changed, CRC again) and the colour chunks.
  if (packed == NULL || decompressor == NULL ||
      !append_to(indexed, s->output.data, s->idat_start)) {
    goto done;
  }
  indexed->data[24] = (unsigned char)depth;
  indexed->data[25] = 3;
  put32(indexed->data + 29, libdeflate_crc32(0, indexed->data + 12, 17));
  if (!append_chunk_to(indexed, "PLTE", plte, 3 * (size_t)count) ||
      (translucent > 0 && !append_chunk_to(indexed, "tRNS", trns, (size_t)translucent))) {
    goto done;
  }
  size_t idat_start = indexed->size;
  // IDAT's length comes last; the zlib header is the RGB stream's (same level).
  if (!append_to(indexed, s->output.data + s->idat_start, 10)) goto done;
  uint32_t adler = 1;
  const unsigned char *next = s->index_chunks.data;
  for (int top = 0; top < s->height; top += s->band_rows) {
    int rows = s->height - top < s->band_rows ? s->height - top : s->band_rows;
    size_t size = (size_t)rows * (size_t)s->width;
    uint32_t length = (uint32_t)next[0] << 24 | (uint32_t)next[1] << 16 | (uint32_t)next[2] << 8 | next[3];
    if (libdeflate_deflate_decompress(decompressor, next + 4, length, s->index_rows, size, NULL) != LIBDEFLATE_SUCCESS) {
      status = PNG_ENCODER_INVALID_ARGUMENT;
      *why = "the indexed-colour form did not decompress";
      goto done;
    }
    next += 4 + length;
    for (int y = 0; y < rows; y++) {
      const unsigned char *index = s->index_rows + (size_t)y * (size_t)s->width;
      unsigned char *line = s->current;
      memset(line, 0, packed_row - 1);  // The last byte's unused bits are zero.
      int per_byte = 8 / depth;
      for (int x = 0; x < s->width; x++) {
        line[x / per_byte] |= (unsigned char)(order[index[x]] << (8 - depth * (x % per_byte + 1)));
      }
      filter_line(s, filters, packed_row, 1, packed + (size_t)(whole ? top + y : y) * packed_row);
      s->current = s->previous;
      s->previous = line;
    }
    if (whole && top + rows < s->height) continue;
    size_t size_packed = (size_t)(whole ? s->height : rows) * packed_row;
    adler = libdeflate_adler32(adler, packed, size_packed);
    status = deflate_part(&s->own, choice.level, packed, size_packed, top + rows == s->height, indexed, why);
    if (status != PNG_ENCODER_OK) goto done;
  }
  status = PNG_ENCODER_OUT_OF_MEMORY;
  *why = "out of memory for the indexed-colour form";
  if (!finish_idat(indexed, idat_start, adler)) goto done;
  indexed->color_type = 3;
  status = PNG_ENCODER_OK;
done:
  free(packed);
  if (decompressor != NULL) libdeflate_free_decompressor(decompressor);
  if (status != PNG_ENCODER_OK) png_encoder_free(indexed);
  return status;
}

png_encoder_status png_stream_finish(png_stream *s, png_encoder_output *output) {
  memset(output, 0, sizeof *output);
  drain(s);
  if (s->status != PNG_ENCODER_OK) return s->status;
  if (s->rows_written != s->height) {
    fail(s, PNG_ENCODER_INVALID_ARGUMENT, "finished before every row was written");
    return s->status;
  }
  // Chunks deflated with the baseline alone while the image had at most 256 colours are
  // searched now that it has more (see deflate_smallest).
  for (int i = 0; i < s->part_count && !s->indexed; i++) {
    struct deferred_chunk *kept = &s->deferred[i];
    if (kept->rows[0] == NULL) continue;
    chunk_job job = {.data = kept->rows[0], .adaptive = kept->rows[1], .size = s->part_lengths[i],
                     .final = i == s->part_count - 1, .photo = kept->photo, .chunk = i};
    png_encoder_output searched = {0};
    const char *why = NULL;
    png_encoder_status status = deflate_smallest(s, &s->own, &job, &searched, &s->part_adlers[i], &why);
    if (status != PNG_ENCODER_OK) {
      png_encoder_free(&searched);
      fail(s, status, why);
      return s->status;
    }
    png_encoder_free(&s->parts[i]);
    s->parts[i] = searched;
  }
  uint32_t adler = 1;
  for (int i = 0; i < s->part_count; i++) {
    if (!append(s, s->parts[i].data, s->parts[i].size)) {
      fail(s, PNG_ENCODER_OUT_OF_MEMORY, "out of memory growing the PNG buffer");
      return s->status;
    }
    png_encoder_free(&s->parts[i]);
    adler = adler32_combine(adler, s->part_adlers[i], s->part_lengths[i]);
  }
  if (!finish_idat(&s->output, s->idat_start, adler)) {
    fail(s, PNG_ENCODER_OUT_OF_MEMORY, "out of memory growing the PNG buffer");
    return s->status;
  }
  if (s->indexed) {
    // The same pixels in at most 256 colours, with filter NONE and with the indexed choice's
    // filters, deflated chunk by chunk. With keep_smallest those are the baseline's, and the
    // indices are also deflated whole at the baseline's level, with each single filter and the
    // adaptive ones (not at the indexed level: on the 5-colour grid sample level 12 gave larger
    // files than 9 and took 0.3 s more). The smallest file is kept, the first of equals.
    enum { MOST_TRIES = 2 + 6 };
    png_encoder_choice tries[MOST_TRIES];
    int whole_tries[MOST_TRIES];
    png_encoder_choice first = s->options.keep_smallest ? s->options.baseline_indexed : s->options.indexed;
    int count = 0;
    tries[count] = (png_encoder_choice){first.level, PNG_ENCODER_FILTER_NONE};
    whole_tries[count++] = 0;
    if (first.filters != PNG_ENCODER_FILTER_NONE) {
      tries[count] = first;
      whole_tries[count++] = 0;
    }
    if (s->options.keep_smallest) {
      static const int filter_sets[6] = {
          PNG_ENCODER_FILTER_NONE, PNG_ENCODER_FILTER_SUB,   PNG_ENCODER_FILTER_UP,
          PNG_ENCODER_FILTER_AVG,  PNG_ENCODER_FILTER_PAETH, PNG_ENCODER_FILTER_ALL};
      for (int f = 0; f < 6; f++) {
        tries[count] = (png_encoder_choice){s->options.baseline_indexed.level, filter_sets[f]};
        whole_tries[count++] = 1;
      }

    }
    png_encoder_output best = {0};
    for (int i = 0; i < count; i++) {
      png_encoder_output indexed;
      const char *why = NULL;
      int whole = whole_tries[i];
      png_encoder_status status = build_indexed(s, tries[i], whole, &indexed, &why);
      if (status != PNG_ENCODER_OK) {
        png_encoder_free(&best);
        fail(s, status, why);
        return s->status;
      }
      if (indexed.size < (best.data != NULL ? best.size : s->output.size)) {
        png_encoder_free(&best);
        best = indexed;
      } else {
        png_encoder_free(&indexed);
      }
    }
    if (best.data != NULL) {
      png_encoder_free(&s->output);
      s->output = best;
    }
  }
  *output = s->output;
  memset(&s->output, 0, sizeof s->output);
  return PNG_ENCODER_OK;
}

void png_stream_destroy(png_stream *s) {
  if (s == NULL) return;
  if (s->thread_started) {
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
  }
  pthread_mutex_destroy(&s->lock);
  pthread_cond_destroy(&s->changed);
  deflater_free(&s->own);
  deflater_free(&s->worker);
  for (int i = 0; i < JOB_BUFFERS; i++) {
    free(s->jobs[i].data);
    free(s->jobs[i].adaptive);
  }
  for (int i = 0; i < s->part_count && s->parts != NULL; i++) free(s->parts[i].data);
  free(s->parts);
  free(s->part_adlers);
  free(s->part_lengths);
  for (int i = 0; i < s->part_count && s->deferred != NULL; i++) {
    free(s->deferred[i].rows[0]);
    free(s->deferred[i].rows[1]);
  }
  free(s->deferred);
  free(s->index_rows);
  free(s->index_chunks.data);
  free(s->previous);
  free(s->current);
  free(s->scratch);
  free(s->output.data);
  free(s);
}

// MARK: Whole images

static int is_opaque(const unsigned char *pixels, int width, int height, int stride) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    uint32_t all = 0xFF000000u;
    for (int x = 0; x < width; x++) all &= row[x];
    if ((all & 0xFF000000u) != 0xFF000000u) return 0;
  }
  return 1;
}

png_encoder_status png_encoder_encode_argb32(
    const unsigned char *pixels, int width, int height, int stride, png_encoder_options options,
    png_encoder_output *output, char *message, size_t message_size) {
  memset(output, 0, sizeof *output);
  if (message != NULL && message_size > 0) message[0] = 0;
  if (pixels == NULL || width <= 0 || height <= 0 || stride < width * 4) {
    if (message != NULL && message_size > 0) snprintf(message, message_size, "invalid size or stride");
    return PNG_ENCODER_INVALID_ARGUMENT;
  }
  int rgba = !is_opaque(pixels, width, height, stride);
  png_stream *stream = png_stream_create(width, height, rgba, options, 1);
  if (stream == NULL) {
    if (message != NULL && message_size > 0) snprintf(message, message_size, "invalid options or out of memory");
    return PNG_ENCODER_INVALID_ARGUMENT;
  }
  png_stream_write_rows(stream, pixels, height, stride);
  png_encoder_status status = png_stream_finish(stream, output);
  if (status != PNG_ENCODER_OK && message != NULL && message_size > 0) {
    snprintf(message, message_size, "%s", png_stream_message(stream));
  }
  png_stream_destroy(stream);
  return status;
}

void png_encoder_free(png_encoder_output *output) {
  if (output == NULL) return;
  free(output->data);
  output->data = NULL;
  output->size = 0;
  output->capacity = 0;
}

double png_encoder_repeat_fraction(
    const unsigned char *pixels, int width, int height, int stride, int row_step) {
  if (pixels == NULL || width < 2 || height < 1) return 1;
  if (row_step < 1) row_step = 1;
  size_t equal = 0, total = 0;
  for (int y = 0; y < height; y += row_step) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 1; x < width; x++) equal += row[x] == row[x - 1];
    total += (size_t)width - 1;
  }
  return (double)equal / (double)total;
}
