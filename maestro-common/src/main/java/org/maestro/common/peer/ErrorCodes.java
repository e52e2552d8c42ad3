package org.maestro.common.peer;

/** The error codes carried by INTERNAL_ERROR replies. */
public final class ErrorCodes {
    /** An option value was not valid. */
    public static final int INVALID_OPTION = 1;
    /** The command is not one this peer's role handles. */
    public static final int UNSUPPORTED = 2;
    /** The peer is busy with a test and cannot do this now. */
    public static final int BUSY = 3;
    /** The system under test could not be reached or refused us. */
    public static final int SUT_UNAVAILABLE = 4;
    /** A file could not be read or written. */
    public static final int IO = 5;
    /** The request was refused by the peer's configuration (e.g. an agent source not allowed). */
    public static final int REFUSED = 6;
    /** Anything else. */
    public static final int OTHER = 99;

    private ErrorCodes() {}
}
