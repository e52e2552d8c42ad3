package org.maestro.inspector;

import java.util.List;
import java.util.Map;
import org.maestro.inspector.csv.DataSet;

/**
 * Reads what happens inside one kind of system under test through its management interface. An
 * {@link InspectionPoller} calls it from one thread at a time:
 *
 * <pre>{@code
 * inspector.connect();            // fails fast: unreachable, credentials refused
 * while (polling) {
 *     Sample sample = inspector.poll(); // a few requests, each with a timeout, never two at once
 *     write(sample);
 * }
 * inspector.close();
 * }</pre>
 *
 * <p>Implementations make a bounded number of requests per poll and reconnect by themselves on the next poll after
 * the SUT went away. {@link #close()} may be called from another thread to abort a poll in progress.
 */
public interface Inspector extends AutoCloseable {

    /** The implementation name used in START_INSPECTOR and INSPECTOR_NAME: {@code artemis}, {@code dispatch}. */
    String name();

    /** The data sets every poll fills, one CSV file each. */
    List<DataSet> dataSets();

    /** Checks that the management interface answers and accepts us; throws with a message saying what to fix. */
    void connect() throws InspectionException;

    /**
     * Reads one sample. A failure of the whole poll (SUT unreachable, no answer) throws; a failure of a part is
     * noted in the sample while the other parts are kept.
     */
    Sample poll() throws InspectionException;

    /** What was learned about the SUT so far, e.g. {@code sut.product}, {@code sut.version}. */
    Map<String, String> facts();

    /** Closes the connection to the SUT; aborts a request in progress; never throws. */
    @Override
    void close();
}
