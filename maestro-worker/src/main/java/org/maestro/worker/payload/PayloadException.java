package org.maestro.worker.payload;

/** Thrown when the payload files a test names cannot be used; the message names the file and the directory. */
public final class PayloadException extends Exception {
    private static final long serialVersionUID = 1L;

    public PayloadException(String message) {
        super(message);
    }
}
