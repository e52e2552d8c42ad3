package org.maestro.common.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.protocol.Role;
import org.roaringbitmap.RoaringBitmap;

/**
 * The counters of one sender or receiver peer for one test iteration, as written to {@code peer-result.json}
 * (format version 1, see {@code docs/results-format.md}).
 *
 * <pre>{@code
 * PeerResult result = PeerResult.read(directory.resolve(PeerResult.FILE_NAME));
 * for (PeerResult.Stream stream : result.streams()) {
 *     RoaringBitmap received = stream.sequenceBitmap(); // receivers only
 * }
 * }</pre>
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record PeerResult(
        int formatVersion,
        String peer,
        String role,
        long startMillis,
        long endMillis,
        long warmupEndMillis,
        long count,
        long errors,
        long duplicates,
        long outOfOrder,
        List<Stream> streams,
        String outcome,
        String reason,
        OutcomeCounts outcomes,
        String runId,
        Long stale) {

    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "peer-result.json";
    /** The format version this class writes and reads. */
    public static final int FORMAT_VERSION = 1;
    /** {@link #outcome} of a peer whose test passed. */
    public static final String SUCCESS = "success";
    /** {@link #outcome} of a peer whose test failed. */
    public static final String FAILURE = "failure";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public PeerResult {
        Objects.requireNonNull(peer, "peer");
        Objects.requireNonNull(role, "role");
        streams = streams == null ? List.of() : List.copyOf(streams);
    }

    /** A result without send outcomes (a receiver's). */
    public PeerResult(
            int formatVersion,
            String peer,
            String role,
            long startMillis,
            long endMillis,
            long warmupEndMillis,
            long count,
            long errors,
            long duplicates,
            long outOfOrder,
            List<Stream> streams,
            String outcome,
            String reason) {
        this(
                formatVersion,
                peer,
                role,
                startMillis,
                endMillis,
                warmupEndMillis,
                count,
                errors,
                duplicates,
                outOfOrder,
                streams,
                outcome,
                reason,
                (OutcomeCounts) null);
    }

    /** A result with the send outcomes of a sender, without a run id; see {@link #withRunId(String)}. */
    public PeerResult(
            int formatVersion,
            String peer,
            String role,
            long startMillis,
            long endMillis,
            long warmupEndMillis,
            long count,
            long errors,
            long duplicates,
            long outOfOrder,
            List<Stream> streams,
            String outcome,
            String reason,
            OutcomeCounts outcomes) {
        this(
                formatVersion,
                peer,
                role,
                startMillis,
                endMillis,
                warmupEndMillis,
                count,
                errors,
                duplicates,
                outOfOrder,
                streams,
                outcome,
                reason,
                outcomes,
                null,
                null);
    }

    /** This result marked with the run id (RUN_ID) of the test iteration it measured; null for none. */
    public PeerResult withRunId(String id) {
        return withMarks(id, stale);
    }

    /**
     * This result of a receiver with the messages of another run it consumed (another run tag in the message
     * header): neither received, nor duplicates, nor measured.
     */
    public PeerResult withStale(long messages) {
        return withMarks(runId, messages);
    }

    /** This result with the given run id and stale count, everything else kept. */
    private PeerResult withMarks(String id, Long staleMessages) {
        return new PeerResult(
                formatVersion,
                peer,
                role,
                startMillis,
                endMillis,
                warmupEndMillis,
                count,
                errors,
                duplicates,
                outOfOrder,
                streams,
                outcome,
                reason,
                outcomes,
                id,
                staleMessages);
    }

    /** Messages of another run a receiver consumed; 0 when not counted (a sender). */
    @JsonIgnore
    public long staleCount() {
        return stale == null ? 0 : stale;
    }

    /**
     * One stream (a sender connection) as one peer saw it. For a sender, {@code count} is the number of messages
     * sent (sequences {@code 0 … count−1}), {@code sequences} is null, {@code outcomes} counts how the system settled
     * each send attempt and {@code refusedSequences} holds the sequence numbers whose final outcome was a refusal
     * (released, rejected, modified or failed: the sender knew the message did not go through). For a receiver,
     * {@code count} is the number of distinct sequence numbers received, {@code duplicates} the extra copies, and
     * {@code sequences} the base64 of the portable {@link RoaringBitmap} serialization of the sequence numbers
     * received; {@code outcomes} and {@code refusedSequences} are null. Bitmaps use the same encoding.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Stream(
            String sender,
            int connection,
            long count,
            long errors,
            long duplicates,
            long outOfOrder,
            String sequences,
            OutcomeCounts outcomes,
            String refusedSequences) {
        public Stream {
            Objects.requireNonNull(sender, "sender");
        }

        /** A stream without send outcomes: a receiver's. */
        public Stream(
                String sender,
                int connection,
                long count,
                long errors,
                long duplicates,
                long outOfOrder,
                String sequences) {
            this(sender, connection, count, errors, duplicates, outOfOrder, sequences, null, null);
        }

        /** The sequence numbers of a receiver's stream, decoded; empty for a sender's stream. */
        @JsonIgnore
        public RoaringBitmap sequenceBitmap() {
            return decode(sequences, "sequences");
        }

        /** The sequence numbers a sender's stream knows were refused, decoded; empty when there are none. */
        @JsonIgnore
        public RoaringBitmap refusedBitmap() {
            return decode(refusedSequences, "refusedSequences");
        }

        private RoaringBitmap decode(String encoded, String field) {
            RoaringBitmap bitmap = new RoaringBitmap();
            if (encoded != null && !encoded.isEmpty()) {
                try {
                    bitmap.deserialize(ByteBuffer.wrap(Base64.getDecoder().decode(encoded.trim())));
                } catch (IOException | RuntimeException e) {
                    throw new IllegalArgumentException(
                            "stream " + sender + "#" + connection + " has " + field
                                    + " that are not a base64 RoaringBitmap: " + e.getMessage(),
                            e);
                }
            }
            return bitmap;
        }

        /** Encodes a bitmap the way {@link #sequences} holds it. */
        public static String encode(RoaringBitmap bitmap) {
            bitmap.runOptimize();
            ByteBuffer buffer = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
            bitmap.serialize(buffer);
            return Base64.getEncoder().encodeToString(buffer.array());
        }
    }

    /** True when {@link #role} is {@code sender}. */
    @JsonIgnore
    public boolean isSender() {
        return Role.SENDER.is(role);
    }

    /** True when {@link #role} is {@code receiver}. */
    @JsonIgnore
    public boolean isReceiver() {
        return Role.RECEIVER.is(role);
    }

    /** Writes this result as JSON, whole or not at all ({@link AtomicFiles}). */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, out -> MAPPER.writeValue(out, this));
    }

    /** Reads a result; throws with the file name when it is not a version-1 peer result. */
    public static PeerResult read(Path file) throws IOException {
        PeerResult result;
        try {
            result = MAPPER.readValue(file.toFile(), PeerResult.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a readable peer result: " + e.getMessage(), e);
        }
        if (result.formatVersion() != FORMAT_VERSION) {
            throw new IOException(
                    file + " has formatVersion " + result.formatVersion() + "; this Maestro reads " + FORMAT_VERSION);
        }
        return result;
    }

    /**
     * Reads a result for a reader that takes what it can from a results directory (the reporter): the format version
     * is not checked (compare {@link #formatVersion()} with {@link #FORMAT_VERSION} to warn), unknown fields are
     * ignored, missing counters read as 0 and a missing {@code peer}, {@code role} or stream {@code sender} reads
     * as {@code ""}.
     *
     * @throws IOException with the file name when the file is not JSON of this shape
     */
    public static PeerResult readTolerantly(Path file) throws IOException {
        try {
            JsonNode tree = MAPPER.readTree(file.toFile());
            if (!(tree instanceof ObjectNode root)) {
                throw new IOException("the file does not hold a JSON object");
            }
            fillMissingText(root, "peer");
            fillMissingText(root, "role");
            for (JsonNode stream : root.path("streams")) {
                if (stream instanceof ObjectNode object) {
                    fillMissingText(object, "sender");
                }
            }
            return MAPPER.treeToValue(root, PeerResult.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a valid peer-result.json: " + e.getMessage(), e);
        }
    }

    private static void fillMissingText(ObjectNode object, String field) {
        if (object.path(field).isNull() || object.path(field).isMissingNode()) {
            object.put(field, "");
        }
    }
}
