package org.maestro.common.protocol;

import java.util.Objects;
import java.util.UUID;

/**
 * One immutable Maestro protocol message: type, command, header and payload. Encode and decode with
 * {@link NoteCodec}; the transport only sees bytes.
 */
public record Note(NoteType type, Command command, NoteHeader header, Payload payload) {
    public Note {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(payload, "payload");
        PayloadKind expected = PayloadKind.of(type, command);
        PayloadKind actual = PayloadKind.of(payload);
        boolean drainMode = expected == PayloadKind.DRAIN_MODE && actual == PayloadKind.TEXT;
        if (expected != actual && !drainMode) {
            throw new IllegalArgumentException(
                    type + " " + command + " carries a " + PayloadKind.of(type, command) + " payload, not " + payload);
        }
        if (type != NoteType.REQUEST && header.sender() == null) {
            throw new IllegalArgumentException(type + " " + command + " must name the peer that sends it");
        }
    }

    /** A new request with a fresh correlation id. */
    public static Note request(Command command, Payload payload) {
        String id = UUID.randomUUID().toString();
        return new Note(NoteType.REQUEST, command, new NoteHeader(id, id, null), payload);
    }

    /** A new request without payload. */
    public static Note request(Command command) {
        return request(command, Payload.Empty.INSTANCE);
    }

    /** A reply to this note from the given peer, correlated with it. */
    public Note reply(Command replyCommand, Payload replyPayload, PeerInfo from) {
        return new Note(
                NoteType.RESPONSE,
                replyCommand,
                new NoteHeader(header.correlationId(), UUID.randomUUID().toString(), from),
                replyPayload);
    }

    /** A notification from a peer, correlated with the request that caused it (or a fresh id). */
    public static Note notification(Command command, Payload payload, PeerInfo from, String correlationId) {
        String id = UUID.randomUUID().toString();
        return new Note(
                NoteType.NOTIFICATION,
                command,
                new NoteHeader(correlationId == null ? id : correlationId, id, from),
                payload);
    }

    /** The sending peer of a reply or notification. */
    public PeerInfo sender() {
        return header.sender();
    }
}
