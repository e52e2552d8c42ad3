package org.maestro.client.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.maestro.common.files.ResultsTree;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.peer.RunFiles;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/**
 * Reassembles the result files one peer ships as DATA chunks: each chunk is written at its place in a temporary file
 * on disk (the heap does not grow with the files), a file is checked against the size and SHA-256 its chunks declare,
 * and moved into {@code <iteration>/<peer>/} only when it is complete and valid. Chunk counts must agree with the
 * declared size, under a per-file and a per-peer byte limit ({@link CollectLimits}); a file or chunk that breaks a
 * rule is refused, saying which. Thread-safe: chunks arrive on the transport's thread while the runner waits.
 */
final class ResultCollector {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    /** The largest {@code test.properties} or {@code peer-result.json} read for its run id. */
    private static final int MAX_RUN_FILE = 1 << 20;

    private final Path iteration;
    private final String peerDirectory;
    private final String runId;
    private final CollectLimits limits;
    private final Map<String, Incoming> files = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> limitBreaches = new ArrayList<>();
    private Path staging;
    private Incoming open;
    private FileChannel channel;
    private long declaredBytes;
    private long writtenBytes;
    private boolean overPeerLimit;
    private String refusal;

    /**
     * @param iteration the iteration directory the peer's directory goes into
     * @param peerDirectory the name of the peer's directory ({@code <name>@<host>}), checked with {@link ResultsTree}
     * @param runId the current run id: files that name another run are refused; null to accept any
     */
    ResultCollector(Path iteration, String peerDirectory, String runId, CollectLimits limits) {
        this.iteration = iteration;
        this.peerDirectory = peerDirectory;
        this.runId = runId;
        this.limits = limits;
    }

    /** Why the peer's files were refused (they belong to another run), empty when they were not. */
    synchronized Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The refusals for a byte or file limit, each naming the limit and the option that raises it. */
    synchronized List<String> limitBreaches() {
        return List.copyOf(limitBreaches);
    }

    /** Takes one DATA note; a chunk that breaks a rule is refused (see {@link #write()}'s problems). */
    synchronized void accept(Note note) {
        if (!(note.payload() instanceof Payload.Chunk chunk)) {
            problems.add("refused a " + note.command() + " note that carries no file chunk");
            return;
        }
        if (overPeerLimit) {
            return;
        }
        Incoming file = files.get(chunk.file());
        if (file == null) {
            file = start(chunk);
            if (file == null) {
                return;
            }
        }
        if (file.refused) {
            return;
        }
        String broken = file.check(chunk);
        if (broken != null) {
            file.refuse(broken);
            return;
        }
        if (writtenBytes + chunk.data().length > limits.maxPeerBytes()) {
            overPeerLimit = true;
            file.refuse("the peer's files passed the per-peer limit of " + limits.maxPeerBytes() + " bytes; raise it "
                    + "with --max-peer-bytes");
            breach("the peer sent more than " + limits.maxPeerBytes() + " bytes of files (the per-peer limit; "
                    + "raise it with --max-peer-bytes): the rest of its chunks were refused");
            return;
        }
        try {
            write(file, chunk);
            writtenBytes += chunk.data().length;
        } catch (IOException e) {
            file.refuse("cannot write it to " + file.temp + ": " + e.getMessage());
        }
    }

    /** The first chunk of a file: checks its name, declared size and chunk count against the rules and limits. */
    private Incoming start(Payload.Chunk chunk) {
        Optional<String> badName = ResultsTree.check(chunk.file());
        if (badName.isPresent()) {
            problems.add("refused file " + quote(chunk.file()) + ": it is " + badName.get() + ", not a name in the "
                    + "peer's result directory");
            files.put(chunk.file(), Incoming.refused(chunk.file()));
            return null;
        }
        if (files.size() >= CollectLimits.MAX_FILES) {
            if (files.size() == CollectLimits.MAX_FILES) {
                breach("the peer sent more than " + CollectLimits.MAX_FILES + " files: the rest were refused");
            }
            files.put(chunk.file(), Incoming.refused(chunk.file()));
            return null;
        }
        Incoming file = new Incoming(chunk, staging().resolve(files.size() + ".part"));
        files.put(chunk.file(), file);
        long size = chunk.size();
        if (!SHA256.matcher(chunk.sha256()).matches()) {
            file.refuse("its checksum " + quote(chunk.sha256()) + " is not a hex SHA-256");
        } else if (chunk.total() != ResultShipper.chunkCount(size)) {
            file.refuse("it claims " + chunk.total() + " chunks for a file of " + size + " bytes, which takes "
                    + ResultShipper.chunkCount(size) + " chunks of " + ResultShipper.CHUNK_BYTES + " bytes");
        } else if (size > limits.maxFileBytes()) {
            file.refuse("it declares " + size + " bytes, more than the per-file limit of " + limits.maxFileBytes()
                    + " bytes; raise it with --max-file-bytes");
            limitBreaches.add(chunk.file() + ": " + file.problem);
        } else if (declaredBytes + size > limits.maxPeerBytes()) {
            file.refuse("with its " + size + " bytes the peer's files would exceed the per-peer limit of "
                    + limits.maxPeerBytes() + " bytes; raise it with --max-peer-bytes");
            limitBreaches.add(chunk.file() + ": " + file.problem);
        } else {
            declaredBytes += size;
        }
        return file;
    }

    private void write(Incoming file, Payload.Chunk chunk) throws IOException {
        if (open != file) {
            closeChannel();
            channel = FileChannel.open(
                    file.temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            open = file;
        }
        ByteBuffer data = ByteBuffer.wrap(chunk.data());
        long position = (long) chunk.index() * ResultShipper.CHUNK_BYTES;
        while (data.hasRemaining()) {
            position += channel.write(data, position);
        }
        file.received.set(chunk.index());
        file.bytes += chunk.data().length;
    }

    /**
     * Creates the peer's directory, so that the report lists the peer even when it sent no file, and moves every
     * complete, checksum-valid file into it; removes the temporary files.
     *
     * @return the problems found (refused files and chunks, missing chunks, bad checksums); empty when all is well
     */
    synchronized List<String> write() throws IOException {
        try {
            closeChannel();
            List<String> found = new ArrayList<>(problems);
            Path directory;
            try {
                directory = ResultsTree.directory(iteration, peerDirectory);
            } catch (IOException e) {
                found.add("none of its " + files.size() + " files was written: " + e.getMessage());
                return found;
            }
            Files.createDirectories(directory);
            List<Incoming> complete = new ArrayList<>();
            for (Incoming file : files.values()) {
                if (file.refused) {
                    if (file.problem != null) {
                        found.add(file.name + ": " + file.problem);
                    }
                    continue;
                }
                String broken = file.verify();
                if (broken != null) {
                    found.add(file.name + ": " + broken);
                } else {
                    complete.add(file);
                }
            }
            if (runId != null) {
                Optional<String> foreign = RunFiles.foreignRunId(runId, name -> content(complete, name));
                if (foreign.isPresent()) {
                    refusal = "they belong to run " + foreign.get() + ", not to the current run " + runId + "; none of "
                            + "its " + files.size() + " files was kept";
                    return found;
                }
            }
            for (Incoming file : complete) {
                try {
                    Path target = ResultsTree.file(iteration, peerDirectory + "/" + file.name);
                    Files.createDirectories(target.getParent());
                    move(file.temp, target);
                } catch (IOException e) {
                    found.add(file.name + ": not written: " + e.getMessage());
                }
            }
            return found;
        } finally {
            discard();
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes the temporary files (of a peer whose files were refused, or after they were moved). */
    synchronized void discard() throws IOException {
        closeChannel();
        if (staging != null) {
            RunFiles.delete(staging);
            staging = null;
        }
    }

    /** How many distinct files arrived (complete or not). */
    synchronized int fileCount() {
        return files.size();
    }

    private void breach(String what) {
        limitBreaches.add(what);
        problems.add(what);
    }

    private Path staging() {
        if (staging == null) {
            staging = iteration.resolve(".collecting-" + UUID.randomUUID());
            try {
                Files.createDirectories(staging);
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + iteration + ": " + e);
            }
        }
        return staging;
    }

    private void closeChannel() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
            open = null;
        }
    }

    /** The bytes of a small complete file, for its run id; null when it did not arrive. */
    private static byte[] content(List<Incoming> complete, String name) {
        for (Incoming file : complete) {
            if (file.name.equals(name)) {
                try {
                    return Files.size(file.temp) > MAX_RUN_FILE ? new byte[0] : Files.readAllBytes(file.temp);
                } catch (IOException e) {
                    return new byte[0];
                }
            }
        }
        return null;
    }

    static String quote(String text) {
        return org.maestro.common.protocol.PeerNames.escape(text);
    }

    /** One file on its way: what its first chunk declared, which chunks arrived, where they are written. */
    private static final class Incoming {
        final String name;
        final String sha256;
        final int total;
        final long size;
        final Path temp;
        final BitSet received = new BitSet();
        long bytes;
        boolean refused;
        String problem;

        Incoming(Payload.Chunk first, Path temp) {
            this.name = first.file();
            this.sha256 = first.sha256();
            this.total = first.total();
            this.size = first.size();
            this.temp = temp;
        }

        static Incoming refused(String name) {
            Incoming file = new Incoming(new Payload.Chunk(name, 0, 1, "", new byte[0], 0), null);
            file.refused = true;
            return file;
        }

        void refuse(String why) {
            refused = true;
            problem = "refused: " + why;
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    problem += " (its temporary file " + temp + " stays: " + e.getMessage() + ")";
                }
            }
        }

        /** Why a further chunk does not belong to this file, or null when it does. */
        String check(Payload.Chunk chunk) {
            if (chunk.total() != total
                    || chunk.size() != size
                    || !chunk.sha256().equals(sha256)) {
                return "chunk " + chunk.index() + " declares " + chunk.total() + " chunks, " + chunk.size()
                        + " bytes and SHA-256 " + quote(chunk.sha256()) + ", the first declared " + total + ", "
                        + size + " and " + quote(sha256);
            }
            if (received.get(chunk.index())) {
                return "chunk " + chunk.index() + " arrived twice";
            }
            long expected = chunk.index() < total - 1
                    ? ResultShipper.CHUNK_BYTES
                    : size - (long) (total - 1) * ResultShipper.CHUNK_BYTES;
            int length = chunk.data().length;
            if (length != expected) {
                return "chunk " + chunk.index() + " of " + total + " holds " + length + " bytes, not " + expected;
            }
            return null;
        }

        /** Why the file cannot be kept (chunks missing, size or checksum wrong), or null when it is complete. */
        String verify() throws IOException {
            int missing = total - received.cardinality();
            if (missing > 0) {
                return missing + " of " + total + " chunks missing";
            }
            if (Files.size(temp) != size) {
                return "it holds " + Files.size(temp) + " bytes, not the " + size + " declared";
            }
            MessageDigest digest;
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
            try (InputStream in = Files.newInputStream(temp)) {
                byte[] buffer = new byte[64 * 1024];
                int read;
                while ((read = in.read(buffer)) > 0) {
                    digest.update(buffer, 0, read);
                }
            }
            if (!HexFormat.of().formatHex(digest.digest()).equals(sha256)) {
                return "checksum mismatch, file not written";
            }
            return null;
        }
    }
}
