package org.maestro.common.files.connections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.csv.CsvTable;

/**
 * A sender's or receiver's {@code connections.csv}: one row per connection with where it went (flow-wide index,
 * destination, subscription, destination name) and what it measured (counts, bytes, the first and last measured
 * times and the measured window's latency histogram). Empty cells are counts that do not apply to the role (a
 * sender receives nothing) or are not known. {@link ConnectionsCsvWriter} writes it at the end of a run; {@link
 * #read} reads it, bounded: the file comes from a peer.
 *
 * <pre>
 * # maestro-connections v1
 * index,connection,destination,subscription,name,sent,refused,resent,received,duplicates,lost,measured,bytes,first,last,histogram
 * 17,1,17,-1,orders-17,1000,0,0,,,,900,256000,1732262417011000,1732262425099000,HISTFAAAA…
 * </pre>
 */
public final class ConnectionsCsv {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "connections.csv";
    /** The format written; the newest this reader understands. */
    public static final int FORMAT_VERSION = 1;
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-connections v" + FORMAT_VERSION;
    /** The column names, in order. */
    public static final List<String> COLUMNS = List.of(
            "index",
            "connection",
            "destination",
            "subscription",
            "name",
            "sent",
            "refused",
            "resent",
            "received",
            "duplicates",
            "lost",
            "measured",
            "bytes",
            "first",
            "last",
            "histogram");
    /** The most rows read: PARALLEL_COUNT is at most 10000. */
    public static final int MAX_ROWS = 10_000;
    /** The longest destination name read. */
    public static final int MAX_NAME = 512;
    /** The longest histogram cell read (base64 of a compressed HdrHistogram). */
    public static final int MAX_HISTOGRAM = 256 * 1024;
    /** The largest file read. */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    /**
     * One connection.
     *
     * @param index        flow-wide connection index j (CONNECTION_OFFSET + connection)
     * @param connection   the peer's own connection index i
     * @param destination  j mod DESTINATIONS
     * @param subscription receivers: (j / DESTINATIONS) mod SUBSCRIPTIONS; senders −1
     * @param name         the destination name used (the URL's path, without credentials)
     * @param sent         senders: sequence numbers used, warm-up included; null for receivers
     * @param refused      senders: messages refused for good; null for receivers
     * @param resent       senders: messages sent again after the system released them; null for receivers
     * @param received     receivers: messages of this run received, warm-up and copies included; null for senders
     * @param duplicates   receivers: copies of a message this connection had received already; null for senders
     * @param lost         receivers: sequence numbers below the highest seen on a stream that this connection did not
     *                     get (a loss only when it is its subscription's only consumer); null for senders or unknown
     * @param measured     messages of the measured window (warm-up excluded): the histogram's count
     * @param bytes        payload bytes sent or received, warm-up included
     * @param firstMicros  epoch µs of the first measured message sent or received, 0 when none
     * @param lastMicros   epoch µs of the last measured message sent or received, 0 when none
     * @param histogram    the measured window's latency (senders: send delay, receivers: response time), µs, as
     *                     HdrHistogram's compressed encoding in base64; "" when nothing was measured
     */
    public record Row(
            int index,
            int connection,
            int destination,
            int subscription,
            String name,
            Long sent,
            Long refused,
            Long resent,
            Long received,
            Long duplicates,
            Long lost,
            long measured,
            long bytes,
            long firstMicros,
            long lastMicros,
            String histogram) {}

    private ConnectionsCsv() {}

    /** Reads the rows of a file; throws naming the file, row and column when one is not as documented. */
    public static List<Row> read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw new IOException(file + " holds " + size + " bytes; a " + FILE_NAME + " may hold at most "
                    + MAX_FILE_BYTES + " (" + MAX_ROWS + " connections)");
        }
        CsvTable table = CsvTable.read(file);
        if (table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has connections format v" + table.version() + "; this reader reads up to v"
                    + FORMAT_VERSION + " (upgrade Maestro)");
        }
        int[] at = new int[COLUMNS.size()];
        for (int c = 0; c < at.length; c++) {
            at[c] = table.column(COLUMNS.get(c));
            if (at[c] < 0) {
                throw new IOException(file + ": expected a header '" + String.join(",", COLUMNS) + "', found "
                        + table.columns() + " (no column '" + COLUMNS.get(c) + "')");
            }
        }
        if (table.rows().size() > MAX_ROWS) {
            throw new IOException(
                    file + " has " + table.rows().size() + " rows; at most " + MAX_ROWS + " connections are read");
        }
        List<Row> rows = new ArrayList<>(table.rows().size());
        int line = 0;
        for (List<String> cells : table.rows()) {
            line++;
            rows.add(new RowParser(file, line, cells, at).row());
        }
        return rows;
    }

    /** Parses one data row, naming the file, row and column of what is wrong. */
    private record RowParser(Path file, int line, List<String> cells, int[] at) {

        Row row() throws IOException {
            int index = (int) whole(0, 0, Integer.MAX_VALUE);
            int connection = (int) whole(1, 0, MAX_ROWS);
            int destination = (int) whole(2, 0, org.maestro.common.options.DestinationUrls.MAX_DESTINATIONS - 1);
            int subscription = (int) whole(3, -1, org.maestro.common.options.DestinationUrls.MAX_SUBSCRIPTIONS - 1);
            return new Row(
                    index,
                    connection,
                    destination,
                    subscription,
                    text(4, MAX_NAME),
                    count(5),
                    count(6),
                    count(7),
                    count(8),
                    count(9),
                    count(10),
                    whole(11, 0, Long.MAX_VALUE),
                    whole(12, 0, Long.MAX_VALUE),
                    whole(13, 0, Long.MAX_VALUE),
                    whole(14, 0, Long.MAX_VALUE),
                    histogram(15));
        }

        private String text(int column, int max) throws IOException {
            String value = CsvTable.cell(cells, at[column]);
            if (value.length() > max) {
                throw problem(column, "is " + value.length() + " characters long; at most " + max + " are read");
            }
            return value;
        }

        private String histogram(int column) throws IOException {
            String value = text(column, MAX_HISTOGRAM);
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (!(Character.isLetterOrDigit(c) && c < 128) && c != '+' && c != '/' && c != '=') {
                    throw problem(column, "is not base64 (character " + (i + 1) + ")");
                }
            }
            return value;
        }

        private Long count(int column) throws IOException {
            String value = CsvTable.cell(cells, at[column]);
            return value.isEmpty() ? null : whole(column, 0, Long.MAX_VALUE);
        }

        private long whole(int column, long min, long max) throws IOException {
            String value = CsvTable.cell(cells, at[column]);
            if (!value.matches("-?\\d{1,19}")) {
                throw problem(column, "'" + abbreviate(value) + "' is not a whole number");
            }
            long number;
            try {
                number = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw problem(column, "'" + value + "' is out of range");
            }
            if (number < min || number > max) {
                throw problem(column, number + " is outside " + min + ".." + max);
            }
            return number;
        }

        private IOException problem(int column, String what) {
            return new IOException(file + ": data row " + line + ", column '" + COLUMNS.get(column) + "': " + what);
        }

        private static String abbreviate(String value) {
            return value.length() <= 40 ? value : value.substring(0, 40) + "…";
        }
    }
}
