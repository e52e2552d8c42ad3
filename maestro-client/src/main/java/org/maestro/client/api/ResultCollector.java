package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/**
 * Reassembles the result files one peer ships as DATA chunks into its directory and checks each file's SHA-256.
 * Thread-safe: chunks may arrive on the transport's thread while the runner waits.
 */
final class ResultCollector {
    private final Path directory;
    private final Map<String, byte[][]> files = new ConcurrentHashMap<>();
    private final Map<String, String> checksums = new ConcurrentHashMap<>();
    private final List<String> problems = new ArrayList<>();

    ResultCollector(Path directory) {
        this.directory = directory;
    }

    /** Takes one DATA note. */
    synchronized void accept(Note note) {
        Payload.Chunk chunk = (Payload.Chunk) note.payload();
        Path target = directory.resolve(chunk.file()).normalize();
        if (!target.startsWith(directory) || chunk.file().isBlank()) {
            problems.add("refused file '" + chunk.file() + "' outside the peer's result directory");
            return;
        }
        byte[][] parts = files.computeIfAbsent(chunk.file(), f -> new byte[chunk.total()][]);
        if (parts.length != chunk.total()) {
            problems.add(chunk.file() + ": chunk count changed from " + parts.length + " to " + chunk.total());
            return;
        }
        parts[chunk.index()] = chunk.data();
        checksums.put(chunk.file(), chunk.sha256());
    }

    /**
     * Writes every complete, checksum-valid file.
     *
     * @return the problems found (missing chunks, bad checksums); empty when all is well
     */
    synchronized List<String> write() throws IOException {
        List<String> found = new ArrayList<>(problems);
        Map<String, byte[][]> sorted = new LinkedHashMap<>(files);
        for (Map.Entry<String, byte[][]> file : sorted.entrySet()) {
            byte[][] parts = file.getValue();
            if (Arrays.stream(parts).anyMatch(p -> p == null)) {
                found.add(file.getKey() + ": " + Arrays.stream(parts).filter(p -> p == null).count() + " of "
                        + parts.length + " chunks missing");
                continue;
            }
            List<byte[]> list = Arrays.asList(parts);
            if (!ResultShipper.sha256(list).equals(checksums.get(file.getKey()))) {
                found.add(file.getKey() + ": checksum mismatch, file not written");
                continue;
            }
            Path target = directory.resolve(file.getKey()).normalize();
            Files.createDirectories(target.getParent());
            try (var out = Files.newOutputStream(target)) {
                for (byte[] part : parts) {
                    out.write(part);
                }
            }
        }
        return found;
    }

    /** How many distinct files arrived (complete or not). */
    synchronized int fileCount() {
        return files.size();
    }
}
