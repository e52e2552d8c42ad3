package org.maestro.common.protocol;

import java.util.Objects;

/**
 * The header of a note: the correlation id tying replies to their request, the note's own id, and for replies and
 * notifications the peer that sent it (null in requests).
 */
public record NoteHeader(String correlationId, String messageId, PeerInfo sender) {
    public NoteHeader {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(messageId, "messageId");
    }
}
