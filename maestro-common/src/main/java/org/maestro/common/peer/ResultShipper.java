package org.maestro.common.peer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.maestro.common.protocol.Payload;

/** Cuts a peer's result files into checksummed DATA chunks for the trip over the control broker. */
public final class ResultShipper {
    /** Bytes per chunk: small enough for any MQTT broker's default message limit. */
    public static final int CHUNK_BYTES = 256 * 1024;

    /** Receives each chunk in order. */
    @FunctionalInterface
    public interface ChunkSink {
        void accept(Payload.Chunk chunk) throws Exception;
    }

    private ResultShipper() {}

    /**
     * Sends every regular file below a directory, each as chunks {@code 0..total-1}, with paths relative to it.
     *
     * @return the number of files sent
     */
    public static int ship(Path directory, ChunkSink sink) throws Exception {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            String name = directory.relativize(file).toString().replace('\\', '/');
            String sha256 = sha256(file);
            long size = Files.size(file);
            int total = (int) Math.max(1, (size + CHUNK_BYTES - 1) / CHUNK_BYTES);
            try (InputStream in = Files.newInputStream(file)) {
                for (int index = 0; index < total; index++) {
                    byte[] data = in.readNBytes(CHUNK_BYTES);
                    sink.accept(new Payload.Chunk(name, index, total, sha256, data));
                }
            }
        }
        return files.size();
    }

    /** The hex SHA-256 of a file. */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        try (InputStream in = Files.newInputStream(file)) {
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
        if (Files.isDirectory(directory)) {
            try (Stream<Path> walk = Files.walk(directory)) {
                walk.filter(Files::isRegularFile)
                        .sorted()
                        .forEach(p ->
                                names.add(directory.relativize(p).toString().replace('\\', '/')));
            }
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
