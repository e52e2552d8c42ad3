package org.maestro.common.peer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.protocol.Payload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cuts a peer's result files into checksummed DATA chunks for the trip over the control broker. Only regular files
 * are shipped: a symbolic link in the result directory is never followed (it could point at any file of the host),
 * and the temporary file of an unfinished write ({@link AtomicFiles#isTemporary}) is never taken for a result.
 */
public final class ResultShipper {
    private static final Logger LOG = LoggerFactory.getLogger(ResultShipper.class);

    /** Bytes per chunk: small enough for any MQTT broker's default message limit. */
    public static final int CHUNK_BYTES = 256 * 1024;

    /** Receives each chunk in order. */
    @FunctionalInterface
    public interface ChunkSink {
        void accept(Payload.Chunk chunk) throws Exception;
    }

    private ResultShipper() {}

    /**
     * Sends every regular file below a directory, each as chunks {@code 0..total-1} declaring the file's size, with
     * paths relative to it. Symbolic links are skipped (and logged), not followed; so are temporary files of writes
     * that never finished.
     *
     * @return the number of files sent
     */
    public static int ship(Path directory, ChunkSink sink) throws Exception {
        List<Path> files = files(directory);
        for (Path file : files) {
            String name = directory.relativize(file).toString().replace('\\', '/');
            String sha256 = sha256(file);
            long size = Files.size(file);
            int total = chunkCount(size);
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                for (int index = 0; index < total; index++) {
                    byte[] data = in.readNBytes(CHUNK_BYTES);
                    sink.accept(new Payload.Chunk(name, index, total, sha256, data, size));
                }
            }
        }
        return files.size();
    }

    /** How many chunks a file of {@code size} bytes is shipped in: at least one, even for an empty file. */
    public static int chunkCount(long size) {
        return (int) Math.max(1, (size + CHUNK_BYTES - 1) / CHUNK_BYTES);
    }

    /**
     * The regular files below a directory, sorted; symbolic links (to files or directories) and temporary files of
     * unfinished writes are left out.
     */
    private static List<Path> files(Path directory) throws IOException {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted().forEach(path -> {
                if (Files.isSymbolicLink(path)) {
                    LOG.warn("{} is a symbolic link: not shipped (a peer ships only the files it wrote)", path);
                } else if (AtomicFiles.isTemporary(path.getFileName().toString())) {
                    LOG.warn(
                            "{} is the temporary file of a write that never finished (its writer was killed): not"
                                    + " shipped",
                            path);
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(path);
                }
            });
        }
        return files;
    }

    /** The hex SHA-256 of a file (a symbolic link is not followed). */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] buffer = new byte[64 * 1024];
            int read;
            while ((read = in.read(buffer)) > 0) {
                digest.update(buffer, 0, read);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The hex SHA-256 of some chunks' bytes, in order. */
    public static String sha256(List<byte[]> parts) {
        MessageDigest digest = newDigest();
        for (byte[] part : parts) {
            digest.update(part);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The files of a directory tree that a peer would ship, relative names, sorted. */
    public static List<String> list(Path directory) throws IOException {
        List<String> names = new ArrayList<>();
        for (Path file : files(directory)) {
            names.add(directory.relativize(file).toString().replace('\\', '/'));
        }
        return names;
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
