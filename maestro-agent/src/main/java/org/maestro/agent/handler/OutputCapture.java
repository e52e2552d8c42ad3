package org.maestro.agent.handler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.maestro.common.files.AtomicFiles;

/**
 * Reads one output stream of a program on a thread of its own to its end, keeping its first {@link #HEAD_BYTES}
 * bytes and its last {@link #TAIL_BYTES}, and counting all of them; thread-safe.
 */
final class OutputCapture {
    /** The most of a stream kept whole (the rest is counted, not kept). */
    static final int HEAD_BYTES = 64 * 1024;
    /** The end of a stream kept for {@code agent-actions.csv}. */
    static final int TAIL_BYTES = 512;

    private final InputStream stream;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();
    private final Thread reader;
    private byte[] tail = new byte[0];
    private long total;

    private OutputCapture(InputStream stream, String name) {
        this.stream = stream;
        this.reader = new Thread(this::readAll, name);
        this.reader.setDaemon(true);
    }

    /** Starts reading a stream; {@code name} names the reading thread. */
    static OutputCapture start(InputStream stream, String name) {
        OutputCapture capture = new OutputCapture(stream, name);
        capture.reader.start();
        return capture;
    }

    private void readAll() {
        byte[] buffer = new byte[8192];
        try (stream) {
            int read;
            while ((read = stream.read(buffer)) >= 0) {
                add(buffer, read);
            }
        } catch (IOException e) {
            // the stream was closed by finish(), or the program's end broke it: what was read is kept
        }
    }

    private synchronized void add(byte[] bytes, int length) {
        total += length;
        int toHead = (int) Math.min(length, HEAD_BYTES - head.size());
        if (toHead > 0) {
            head.write(bytes, 0, toHead);
        }
        byte[] joined = new byte[Math.min(TAIL_BYTES, tail.length + length)];
        int fromBytes = Math.min(length, joined.length);
        int fromTail = joined.length - fromBytes;
        System.arraycopy(tail, tail.length - fromTail, joined, 0, fromTail);
        System.arraycopy(bytes, length - fromBytes, joined, fromTail, fromBytes);
        tail = joined;
    }

    /**
     * Waits up to the timeout for the stream to end (the program and whatever it left holding the stream are gone),
     * then stops reading it. An interrupt (the action's cancellation) does not cut this bounded wait short.
     */
    void finish(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (reader.isAlive() && deadline - System.nanoTime() > 0) {
            try {
                reader.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException ignored) {
                // the action's cancellation: the wait is bounded, so it goes on
            }
        }
        if (reader.isAlive()) {
            try {
                stream.close();
            } catch (IOException e) {
                // nothing more can be read either way
            }
        }
    }

    /**
     * Writes the first bytes of the stream into a file, whole or not at all; a stream that had more ends with
     * {@code [truncated after 65536 of <n> bytes]}.
     */
    synchronized void save(Path file) throws IOException {
        String marker = truncated() ? "\n[truncated after " + HEAD_BYTES + " of " + total + " bytes]\n" : "";
        AtomicFiles.write(file, out -> {
            head.writeTo(out);
            out.write(marker.getBytes(StandardCharsets.UTF_8));
        });
    }

    /** How many bytes the stream had in all. */
    synchronized long total() {
        return total;
    }

    /** True when the stream had more than {@link #HEAD_BYTES}. */
    synchronized boolean truncated() {
        return total > HEAD_BYTES;
    }

    /** The end of the stream as text: its last {@link #TAIL_BYTES} bytes, from the first whole character. */
    synchronized String tail() {
        String text = new String(tail, StandardCharsets.UTF_8);
        int from = 0;
        while (from < text.length() && text.charAt(from) == '\uFFFD' && total > tail.length) {
            from++;
        }
        return text.substring(from);
    }
}
