package org.maestro.common.protocol;

/** Thrown when bytes cannot be decoded into a note: the only exception the decoder lets out. */
public class MalformedNoteException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedNoteException(String message) {
        super(message);
    }

    public MalformedNoteException(String message, Throwable cause) {
        super(message, cause);
    }
}
