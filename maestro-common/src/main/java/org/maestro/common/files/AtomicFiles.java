package org.maestro.common.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes result files whole or not at all: the content goes to a temporary file beside the target (named
 * {@code .<name><random>.tmp}), is forced to the disk, given mode 0644 and then renamed over the target in one
 * step. A process killed at any moment (even with SIGKILL) leaves the old file or the new one, never half of one; at
 * worst a stray temporary file, which no reader looks at.
 *
 * <pre>{@code
 * AtomicFiles.writeString(directory.resolve("outcome.json"), json);
 * AtomicFiles.write(file, out -> MAPPER.writeValue(out, value));
 * }</pre>
 */
public final class AtomicFiles {
    /** The suffix of the temporary files; readers skip files that end with it. */
    public static final String TEMPORARY_SUFFIX = ".tmp";

    private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

    /** What writes the content of a file to a stream; the stream must not be closed by it. */
    @FunctionalInterface
    public interface Content {
        /** Writes the content. */
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    /**
     * True when a file name is that of a temporary file of this class ({@code .<name><random>.tmp}): a write that has
     * not finished, or whose writer was killed. Such a file is never a result; shippers and readers skip it.
     */
    public static boolean isTemporary(String fileName) {
        return fileName.startsWith(".") && fileName.endsWith(TEMPORARY_SUFFIX);
    }

    /** Replaces (or creates) {@code file} with the bytes; creates the parent directory when missing. */
    public static Path write(Path file, byte[] bytes) throws IOException {
        return write(file, out -> out.write(bytes));
    }

    /** Replaces (or creates) {@code file} with the text in UTF-8; creates the parent directory when missing. */
    public static Path writeString(Path file, CharSequence text) throws IOException {
        return write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces (or creates) {@code file} with what {@code content} writes; creates the parent directory when
     * missing. When {@code content} throws, the target is left as it was and the temporary file is removed.
     *
     * @throws IOException naming the file when it cannot be written or moved into place
     */
    public static Path write(Path file, Content content) throws IOException {
        try (Replacement replacement = replace(file)) {
            content.writeTo(replacement.stream());
            replacement.commit();
        }
        return file;
    }

    /**
     * Opens a replacement of {@code file}: write to {@link Replacement#stream()}, then {@link Replacement#commit()}
     * to move it into place; closing without committing removes it and leaves the target as it was. For files
     * written over a long time (a log closed at the end of a run).
     */
    public static Replacement replace(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path directory = target.getParent();
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, "." + target.getFileName(), TEMPORARY_SUFFIX);
        try {
            return new Replacement(target, temporary, FileChannel.open(temporary, StandardOpenOption.WRITE));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /** A file being written under a temporary name, moved over its target on {@link #commit()}. Not thread-safe. */
    public static final class Replacement implements AutoCloseable {
        private final Path target;
        private final Path temporary;
        private final FileChannel channel;
        private final OutputStream stream;
        private boolean done;

        private Replacement(Path target, Path temporary, FileChannel channel) {
            this.target = target;
            this.temporary = temporary;
            this.channel = channel;
            this.stream = new BufferedOutputStream(Channels.newOutputStream(channel), 64 * 1024) {
                @Override
                public void close() throws IOException {
                    flush(); // the channel stays open until commit or close
                }
            };
        }

        /** Where the content goes; closing it only flushes it. */
        public OutputStream stream() {
            return stream;
        }

        /** The file this replaces. */
        public Path target() {
            return target;
        }

        /** Forces the content to the disk and moves it over the target in one step. */
        public void commit() throws IOException {
            if (done) {
                return;
            }
            try {
                stream.flush();
                channel.force(true);
                channel.close();
                if (Files.getFileStore(temporary).supportsFileAttributeView(PosixFileAttributeView.class)) {
                    Files.setPosixFilePermissions(temporary, READABLE);
                }
                move();
                done = true;
            } catch (IOException e) {
                throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
            }
        }

        private void move() throws IOException {
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException(
                        "the file system of " + target + " cannot rename a file in one step, so the file cannot be"
                                + " written safely: write the results to a local file system",
                        e);
            }
        }

        /** Removes the temporary file unless committed; the target stays as it was. */
        @Override
        public void close() throws IOException {
            if (!done) {
                done = true;
                try {
                    channel.close();
                } finally {
                    Files.deleteIfExists(temporary);
                }
            }
        }
    }
}
