package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.peer.RunFiles;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/**
 * Reassembles the result files one peer ships as DATA chunks into its directory and checks each file's SHA-256.
 * Thread-safe: chunks may arrive on the transport's thread while the runner waits.
 */
final class ResultCollector {
    private final Path directory;
    private final String runId;
    private String refusal;
    private final Map<String, byte[][]> files = new ConcurrentHashMap<>();
    private final Map<String, String> checksums = new ConcurrentHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /** @param runId the current run id: files that name another run are refused; null to accept any */
    ResultCollector(Path directory, String runId) {
        this.directory = directory;
        this.runId = runId;
    }

    /** Why the peer's files were refused (they belong to another run), empty when they were not. */
    synchronized Optional<String> refusal() {
        return Optional.ofNullable(refusal);
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
     * Creates the peer's directory, so that the report lists the peer even when it sent no file, and writes every
     * complete, checksum-valid file into it.
     *
     * @return the problems found (missing chunks, bad checksums); empty when all is well
     */
    synchronized List<String> write() throws IOException {
        List<String> found = new ArrayList<>(problems);
        Files.createDirectories(directory);
        Map<String, byte[][]> sorted = new LinkedHashMap<>(files);
        if (runId != null) {
            Optional<String> foreign = RunFiles.foreignRunId(runId, name -> complete(sorted.get(name)));
            if (foreign.isPresent()) {
                refusal = "they belong to run " + foreign.get() + ", not to the current run " + runId + "; none of its "
                        + sorted.size() + " files was kept";
                return found;
            }
        }
        for (Map.Entry<String, byte[][]> file : sorted.entrySet()) {
            byte[][] parts = file.getValue();
            if (Arrays.stream(parts).anyMatch(p -> p == null)) {
                found.add(file.getKey() + ": "
                        + Arrays.stream(parts).filter(p -> p == null).count() + " of " + parts.length
                        + " chunks missing");
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

    /** The bytes of a file whose chunks all arrived, or null. */
    private static byte[] complete(byte[][] parts) {
        if (parts == null || Arrays.stream(parts).anyMatch(p -> p == null)) {
            return null;
        }
        java.io.ByteArrayOutputStream joined = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            joined.writeBytes(part);
        }
        return joined.toByteArray();
    }

    /** How many distinct files arrived (complete or not). */
    synchronized int fileCount() {
        return files.size();
    }
}
