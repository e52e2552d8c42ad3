package org.maestro.worker.measure;

import java.nio.charset.StandardCharsets;

/**
 * The binary header every Maestro message body starts with (format version 2): who sent it, on which connection,
 * its sequence number, its intended and actual send times and the run it belongs to. The rest of the body is padding
 * up to the message size. All numbers are big-endian:
 *
 * <pre>
 * offset size field
 *      0    1 magic 0x4D ('M')
 *      1    1 format version (1)
 *      2    1 flags (bit 0: sent during warm-up; bit 1: a priming message, sent before the timeline to warm
 *                   the client up: receivers ignore it)
 *      3    1 length n of the sender name in UTF-8 bytes
 *      4    4 connection index
 *      8    8 sequence number (0-based, dense per connection)
 *     16    8 intended send time (epoch µs)
 *     24    8 actual send time (epoch µs)
 *     32    4 run tag: {@link #runTag(String)} of the sender's RUN_ID (0 without one)
 *     36    n sender name (UTF-8)
 * </pre>
 *
 * <p>A receiver takes only messages whose run tag is its own run's; any other (and a version-1 message, which has no
 * run tag) belongs to another run and is counted as stale.
 *
 * Writing uses a caller-owned array; reading works on a received body without allocating except for a new sender
 * name. Stateless and thread-safe.
 */
public final class MessageStamp {
    /** The first byte of every Maestro message. */
    public static final byte MAGIC = 0x4D;
    /** The header format version written by this class. */
    public static final byte VERSION = 2;
    /** The header format version before run tags: such a message always belongs to another run. */
    public static final byte VERSION_WITHOUT_RUN = 1;
    /** The header size without the sender name. */
    public static final int FIXED_SIZE = 36;
    /** The longest sender name, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 255;

    static final int FLAG_WARMUP = 1;
    static final int FLAG_PRIMING = 2;
    static final int NAME_LENGTH = 3;
    static final int CONNECTION = 4;
    static final int SEQUENCE = 8;
    static final int INTENDED = 16;
    static final int ACTUAL = 24;
    static final int RUN = 32;

    private MessageStamp() {}

    /** The sender name as header bytes; throws when it is longer than {@link #MAX_NAME_BYTES}. */
    public static byte[] nameBytes(String sender) {
        byte[] bytes = sender.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_NAME_BYTES) {
            throw new IllegalArgumentException("the sender name '" + sender + "' is " + bytes.length
                    + " bytes long in UTF-8; message headers hold at most " + MAX_NAME_BYTES);
        }
        return bytes;
    }

    /**
     * The run tag of a run id: the 32-bit FNV-1a hash of its UTF-8 bytes, 1 instead of 0; 0 for no run id (null).
     * Two runs collide with a chance of 1 in 2<sup>32</sup>.
     */
    public static int runTag(String runId) {
        if (runId == null) {
            return 0;
        }
        int hash = 0x811C9DC5;
        for (byte b : runId.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xFF;
            hash *= 0x01000193;
        }
        return hash == 0 ? 1 : hash;
    }

    /** The header size for a sender name. */
    public static int headerSize(byte[] nameBytes) {
        return FIXED_SIZE + nameBytes.length;
    }

    /**
     * Writes the parts of the header that stay the same for a connection (magic, version, name, connection, run
     * tag) into {@code body}; the rest of the body is left as it is (zeros of a new array make the padding).
     */
    public static void writeFixed(byte[] body, byte[] nameBytes, int connection, int runTag) {
        body[0] = MAGIC;
        body[1] = VERSION;
        body[2] = 0;
        body[NAME_LENGTH] = (byte) nameBytes.length;
        putInt(body, CONNECTION, connection);
        putInt(body, RUN, runTag);
        System.arraycopy(nameBytes, 0, body, FIXED_SIZE, nameBytes.length);
    }

    /** Writes the per-message fields into a body prepared by {@link #writeFixed}. */
    public static void writeMessage(
            byte[] body, long sequence, long intendedMicros, long actualMicros, boolean warmUp) {
        body[2] = (byte) (warmUp ? FLAG_WARMUP : 0);
        putLong(body, SEQUENCE, sequence);
        putLong(body, INTENDED, intendedMicros);
        putLong(body, ACTUAL, actualMicros);
    }

    /**
     * Writes the per-message fields of a priming message into a body prepared by {@link #writeFixed}: sequence
     * {@code number}, both send times {@code nowMicros}, flagged as priming (and warm-up, for receivers that do not
     * know the priming flag).
     */
    public static void writePriming(byte[] body, long number, long nowMicros) {
        writeMessage(body, number, nowMicros, nowMicros, true);
        body[2] = (byte) (FLAG_WARMUP | FLAG_PRIMING);
    }

    /** True for a priming message, which receivers do not count or measure. */
    public static boolean priming(byte[] body) {
        return (body[2] & FLAG_PRIMING) != 0;
    }

    /** True when the body starts with a Maestro header of the format before run tags (version 1). */
    public static boolean isWithoutRun(byte[] body) {
        return body != null && body.length >= 2 && body[0] == MAGIC && body[1] == VERSION_WITHOUT_RUN;
    }

    /** The run tag of a stamped body. */
    public static int runTag(byte[] body) {
        return getInt(body, RUN);
    }

    /** True when the body is long enough and starts with a version-2 Maestro header. */
    public static boolean isStamped(byte[] body) {
        return body != null
                && body.length >= FIXED_SIZE
                && body[0] == MAGIC
                && body[1] == VERSION
                && body.length >= FIXED_SIZE + (body[NAME_LENGTH] & 0xFF);
    }

    public static boolean warmUp(byte[] body) {
        return (body[2] & FLAG_WARMUP) != 0;
    }

    public static int connection(byte[] body) {
        return getInt(body, CONNECTION);
    }

    public static long sequence(byte[] body) {
        return getLong(body, SEQUENCE);
    }

    public static long intendedMicros(byte[] body) {
        return getLong(body, INTENDED);
    }

    public static long actualMicros(byte[] body) {
        return getLong(body, ACTUAL);
    }

    /** The length of the sender name in bytes. */
    public static int nameLength(byte[] body) {
        return body[NAME_LENGTH] & 0xFF;
    }

    /** True when the body's sender name equals the given bytes. */
    public static boolean nameEquals(byte[] body, byte[] nameBytes) {
        int length = nameLength(body);
        return length == nameBytes.length
                && java.util.Arrays.equals(body, FIXED_SIZE, FIXED_SIZE + length, nameBytes, 0, length);
    }

    /** The sender name, decoded. */
    public static String sender(byte[] body) {
        return new String(body, FIXED_SIZE, nameLength(body), StandardCharsets.UTF_8);
    }

    private static void putInt(byte[] b, int at, int value) {
        b[at] = (byte) (value >>> 24);
        b[at + 1] = (byte) (value >>> 16);
        b[at + 2] = (byte) (value >>> 8);
        b[at + 3] = (byte) value;
    }

    private static void putLong(byte[] b, int at, long value) {
        putInt(b, at, (int) (value >>> 32));
        putInt(b, at + 4, (int) value);
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }

    private static long getLong(byte[] b, int at) {
        return ((long) getInt(b, at)) << 32 | (getInt(b, at + 4) & 0xFFFFFFFFL);
    }
}
