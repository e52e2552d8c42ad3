package org.maestro.common.protocol;

import java.util.Optional;

/**
 * Thrown when bytes cannot be decoded into a note: the only exception the decoder lets out. When the note's header
 * could be read, it names the peer the note claims to come from.
 */
public class MalformedNoteException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The sender the note's header named, null when the header could not be read or names none. */
    private final transient PeerInfo sender;

    public MalformedNoteException(String message) {
        this(message, null, null);
    }

    public MalformedNoteException(String message, Throwable cause) {
        this(message, cause, null);
    }

    /** A note from a known (claimed) sender that is refused. */
    public MalformedNoteException(String message, Throwable cause, PeerInfo sender) {
        super(message, cause);
        this.sender = sender;
    }

    /** The peer the refused note claimed to come from, when its header could be read. */
    public Optional<PeerInfo> sender() {
        return Optional.ofNullable(sender);
    }
}
