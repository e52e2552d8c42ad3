package org.maestro.dist;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.tools.ant.DirectoryScanner;
import org.apache.tools.ant.types.selectors.SelectorUtils;

/**
 * What Jenkins takes from a workspace for a build's publishing steps: the files that the Ant patterns of junit and
 * archiveArtifacts select (with Ant's matching, as Jenkins does), and the page that publishHTML publishes.
 */
final class PublishedFiles {
    private PublishedFiles() {}

    /** True when the patterns (several separated by commas, as the steps take them) select this workspace path. */
    static boolean selects(String patterns, String relativePath) {
        return Arrays.stream(split(patterns)).anyMatch(pattern -> SelectorUtils.matchPath(pattern, relativePath));
    }

    /** The files of the workspace the patterns select, as paths relative to it with '/' separators. */
    static Set<String> selected(Path workspace, String patterns) {
        DirectoryScanner scanner = new DirectoryScanner();
        scanner.setBasedir(workspace.toFile());
        scanner.setIncludes(split(patterns));
        scanner.addDefaultExcludes();
        scanner.setFollowSymlinks(false);
        scanner.scan();
        Set<String> files = new TreeSet<>();
        for (String file : scanner.getIncludedFiles()) {
            files.add(file.replace('\\', '/'));
        }
        return files;
    }

    /** The page a {@code publishHTML(target: [reportDir: …, reportFiles: …])} step publishes, relative to the workspace. */
    static String htmlReport(JenkinsBuild.Step publishHtml) {
        Map<?, ?> target = (Map<?, ?>) publishHtml.named().get("target");
        String files = target.get("reportFiles").toString();
        if (files.contains(",")) {
            throw new AssertionError("publishHTML shows several pages, expected one: " + files);
        }
        return target.get("reportDir") + "/" + files.trim();
    }

    private static String[] split(String patterns) {
        return Arrays.stream(patterns.split(","))
                .map(String::trim)
                .filter(p -> !p.isEmpty())
                .toArray(String[]::new);
    }
}
