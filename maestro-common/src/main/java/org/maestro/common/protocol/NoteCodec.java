package org.maestro.common.protocol;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessageUnpacker;

/**
 * Encodes notes to MessagePack bytes and decodes them back; stateless and thread-safe.
 *
 * <p>Layout: type (int), command (int), format version (int, {@value #FORMAT_VERSION}), correlation id (str),
 * message id (str), then for replies, notifications and data the sender's id, name, host and role (str each), then
 * the payload fields in the order given in {@code docs/protocol.md}. Maps are written with sorted keys so the same
 * note always gives the same bytes. A note whose sender breaks {@link PeerNames}' rule, or whose payload is not the
 * layout its type and command call for, is refused as malformed, naming the sender it claims.
 */
public final class NoteCodec {
    /** The note format version written into every note. */
    public static final int FORMAT_VERSION = 1;

    /** The largest note accepted, to bound what a garbled length field can make the decoder allocate. */
    public static final int MAX_NOTE_BYTES = 16 * 1024 * 1024;

    private NoteCodec() {}

    /** Encodes a note. */
    public static byte[] encode(Note note) {
        try (MessageBufferPacker packer = MessagePack.newDefaultBufferPacker()) {
            packer.packInt(note.type().code());
            packer.packLong(note.command().code());
            packer.packInt(FORMAT_VERSION);
            packer.packString(note.header().correlationId());
            packer.packString(note.header().messageId());
            if (note.type() != NoteType.REQUEST) {
                PeerInfo sender = note.sender();
                packer.packString(sender.id());
                packer.packString(sender.name());
                packer.packString(sender.host());
                packer.packString(sender.role());
            }
            packPayload(packer, note.payload());
            return packer.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + note, e);
        }
    }

    /**
     * Decodes a note.
     *
     * @throws MalformedNoteException for anything that is not a whole, valid note of this format
     */
    public static Note decode(byte[] bytes) throws MalformedNoteException {
        if (bytes == null || bytes.length == 0) {
            throw new MalformedNoteException("empty note");
        }
        if (bytes.length > MAX_NOTE_BYTES) {
            throw new MalformedNoteException("note of " + bytes.length + " bytes exceeds " + MAX_NOTE_BYTES);
        }
        try (MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(bytes)) {
            NoteType type = NoteType.ofCode(unpacker.unpackLong());
            Command command = Command.ofCode(unpacker.unpackLong());
            int version = unpacker.unpackInt();
            if (version != FORMAT_VERSION) {
                throw new MalformedNoteException(
                        "note format version " + version + " is not supported (this peer reads " + FORMAT_VERSION
                                + "); run the same Maestro version on all peers");
            }
            String correlationId = unpackString(unpacker, bytes.length);
            String messageId = unpackString(unpacker, bytes.length);
            PeerInfo sender = null;
            if (type != NoteType.REQUEST) {
                sender = new PeerInfo(
                        unpackString(unpacker, bytes.length),
                        unpackString(unpacker, bytes.length),
                        unpackString(unpacker, bytes.length),
                        unpackString(unpacker, bytes.length));
                PeerInfo claimed = sender;
                Optional<String> broken = PeerNames.check(claimed);
                if (broken.isPresent()) {
                    throw new MalformedNoteException(
                            type + " " + command + " from a peer whose " + broken.get(), null, claimed);
                }
            }
            return payload(unpacker, type, command, new NoteHeader(correlationId, messageId, sender), bytes.length);
        } catch (MalformedNoteException e) {
            throw e;
        } catch (IOException | MessagePackException | IllegalArgumentException | NullPointerException e) {
            throw new MalformedNoteException("not a Maestro note: " + e.getMessage(), e);
        }
    }

    /** Reads the payload of a note whose header was read; a refusal names the sender the header claims. */
    private static Note payload(MessageUnpacker unpacker, NoteType type, Command command, NoteHeader header, int size)
            throws MalformedNoteException {
        try {
            PayloadKind kind = PayloadKind.of(type, command);
            Payload payload = unpackPayload(unpacker, kind, size);
            if (unpacker.hasNext()) {
                throw new MalformedNoteException(
                        type + " " + command + " note has trailing bytes after its " + kind + " payload",
                        null,
                        header.sender());
            }
            return new Note(type, command, header, payload);
        } catch (MalformedNoteException e) {
            throw e.sender().isPresent() ? e : new MalformedNoteException(e.getMessage(), e, header.sender());
        } catch (IOException | MessagePackException | IllegalArgumentException | NullPointerException e) {
            throw new MalformedNoteException(
                    type + " " + command + " note does not carry a " + PayloadKind.of(type, command) + " payload: "
                            + e.getMessage(),
                    e,
                    header.sender());
        }
    }

    private static void packPayload(MessageBufferPacker packer, Payload payload) throws IOException {
        if (payload instanceof Payload.Text text) {
            packer.packString(text.text());
        } else if (payload instanceof Payload.SetOption set) {
            packer.packLong(set.option());
            packer.packString(set.value());
        } else if (payload instanceof Payload.Ping ping) {
            packer.packLong(ping.seconds());
            packer.packLong(ping.micros());
        } else if (payload instanceof Payload.PingReply reply) {
            packer.packLong(reply.seconds());
            packer.packLong(reply.micros());
            packer.packLong(reply.elapsedMicros());
        } else if (payload instanceof Payload.Stats stats) {
            packer.packString(stats.role());
            packer.packLong(stats.timestampMillis());
            packer.packLong(stats.count());
            packer.packDouble(stats.rate());
            packer.packLong(stats.latencyP99Micros());
            packer.packLong(stats.errors());
            packer.packLong(stats.latencyP50Micros());
            packer.packLong(stats.latencyMaxMicros());
            packer.packBoolean(stats.warmUpLatency());
            packer.packLong(stats.consumed());
        } else if (payload instanceof Payload.Error error) {
            packer.packInt(error.code());
            packer.packString(error.message());
        } else if (payload instanceof Payload.Notice notice) {
            packer.packString(notice.message());
            Map<String, String> sorted = new TreeMap<>(notice.details());
            packer.packMapHeader(sorted.size());
            for (Map.Entry<String, String> entry : sorted.entrySet()) {
                packer.packString(entry.getKey());
                packer.packString(entry.getValue());
            }
        } else if (payload instanceof Payload.AgentSource source) {
            packer.packString(source.source());
            packer.packString(source.branch());
        } else if (payload instanceof Payload.Chunk chunk) {
            packer.packString(chunk.file());
            packer.packInt(chunk.index());
            packer.packInt(chunk.total());
            packer.packString(chunk.sha256());
            packer.packBinaryHeader(chunk.data().length);
            packer.writePayload(chunk.data());
            packer.packLong(chunk.size());
        }
    }

    private static Payload unpackPayload(MessageUnpacker unpacker, PayloadKind kind, int limit)
            throws IOException, MalformedNoteException {
        return switch (kind) {
            case EMPTY -> Payload.Empty.INSTANCE;
            case TEXT -> new Payload.Text(unpackString(unpacker, limit));
            case SET_OPTION -> new Payload.SetOption(unpacker.unpackLong(), unpackString(unpacker, limit));
            case PING -> new Payload.Ping(unpacker.unpackLong(), unpacker.unpackLong());
            case PING_REPLY ->
                new Payload.PingReply(unpacker.unpackLong(), unpacker.unpackLong(), unpacker.unpackLong());
            case STATS -> unpackStats(unpacker, limit);
            case ERROR -> new Payload.Error(unpacker.unpackInt(), unpackString(unpacker, limit));
            case NOTICE -> unpackNotice(unpacker, limit);
            case AGENT_SOURCE -> new Payload.AgentSource(unpackString(unpacker, limit), unpackString(unpacker, limit));
            case CHUNK -> unpackChunk(unpacker, limit);
            case DRAIN_MODE -> new Payload.Text(unpackString(field(unpacker, PayloadKind.DRAIN_MODE, "mode"), limit));
        };
    }

    /** The ten fields of {@code docs/protocol.md}, every one required; a note that ends before one is refused. */
    private static Payload.Stats unpackStats(MessageUnpacker unpacker, int limit)
            throws IOException, MalformedNoteException {
        String role = unpackString(unpacker, limit);
        long timestamp = unpacker.unpackLong();
        long count = unpacker.unpackLong();
        double rate = unpacker.unpackDouble();
        long p99 = unpacker.unpackLong();
        long errors = unpacker.unpackLong();
        long p50 = field(unpacker, PayloadKind.STATS, "latency p50").unpackLong();
        long max = field(unpacker, PayloadKind.STATS, "latency max").unpackLong();
        boolean warmUp = field(unpacker, PayloadKind.STATS, "warm-up flag").unpackBoolean();
        long consumed = field(unpacker, PayloadKind.STATS, "consumed total").unpackLong();
        return new Payload.Stats(role, timestamp, count, rate, p99, errors, p50, max, warmUp, consumed);
    }

    /** The unpacker, positioned on the {@code name} field of a {@code kind} payload; refuses a payload that ends. */
    private static MessageUnpacker field(MessageUnpacker unpacker, PayloadKind kind, String name)
            throws IOException, MalformedNoteException {
        if (!unpacker.hasNext()) {
            throw new MalformedNoteException(kind + " payload ends before its " + name
                    + ", a required field (docs/protocol.md): run the same Maestro version on the client and all"
                    + " peers");
        }
        return unpacker;
    }

    private static Payload.Notice unpackNotice(MessageUnpacker unpacker, int limit)
            throws IOException, MalformedNoteException {
        String message = unpackString(unpacker, limit);
        int size = unpacker.unpackMapHeader();
        if (size < 0 || size > limit) {
            throw new MalformedNoteException("map of " + size + " entries cannot fit in a note of " + limit + " bytes");
        }
        Map<String, String> details = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            details.put(unpackString(unpacker, limit), unpackString(unpacker, limit));
        }
        return new Payload.Notice(message, details);
    }

    private static Payload.Chunk unpackChunk(MessageUnpacker unpacker, int limit)
            throws IOException, MalformedNoteException {
        String file = unpackString(unpacker, limit);
        int index = unpacker.unpackInt();
        int total = unpacker.unpackInt();
        String sha256 = unpackString(unpacker, limit);
        int length = unpacker.unpackBinaryHeader();
        if (length < 0 || length > limit) {
            throw new MalformedNoteException(
                    "chunk of " + length + " bytes cannot fit in a note of " + limit + " bytes");
        }
        if (index < 0 || total <= 0 || index >= total) {
            throw new MalformedNoteException("chunk " + index + " of " + total + " is out of range");
        }
        byte[] data = unpacker.readPayload(length);
        long size = field(unpacker, PayloadKind.CHUNK, "file size").unpackLong();
        if (size < 0) {
            throw new MalformedNoteException("chunk of a file of " + size + " bytes: a size cannot be negative");
        }
        return new Payload.Chunk(file, index, total, sha256, data, size);
    }

    private static String unpackString(MessageUnpacker unpacker, int limit) throws IOException, MalformedNoteException {
        int length = unpacker.unpackRawStringHeader();
        if (length < 0 || length > limit) {
            throw new MalformedNoteException(
                    "string of " + length + " bytes cannot fit in a note of " + limit + " bytes");
        }
        return new String(unpacker.readPayload(length), java.nio.charset.StandardCharsets.UTF_8);
    }
}
