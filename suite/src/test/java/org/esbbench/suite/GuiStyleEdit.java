package org.esbbench.suite;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;

import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;

/**
 * Edits a plan the way a user does in the JMeter GUI, through the same code the GUI's Open and Save use
 * ({@link SaveService#loadTree} and {@link SaveService#saveTree}): renames the HTTP sampler and adds a request
 * header to its Header Manager. Runs inside the laid-out JMeter's class path (GuiStyleEditIT starts it).
 *
 * <p>Usage: {@code GuiStyleEdit <jmeter home> <plan.jmx> <edited.jmx> <new sampler name> <header name> <header value>}.
 */
public final class GuiStyleEdit {

    private GuiStyleEdit() {
    }

    public static void main(String[] args) throws Exception {
        File home = new File(args[0]);
        JMeterUtils.setJMeterHome(home.getPath());
        JMeterUtils.loadJMeterProperties(new File(home, "bin/jmeter.properties").getPath());
        JMeterUtils.initLocale();
        HashTree tree = SaveService.loadTree(new File(args[1]));

        SearchByClass<HTTPSamplerProxy> samplers = new SearchByClass<>(HTTPSamplerProxy.class);
        tree.traverse(samplers);
        if (samplers.getSearchResults().size() != 1) {
            throw new IllegalStateException("expected one HTTP sampler in " + args[1] + ", found "
                    + samplers.getSearchResults().size());
        }
        samplers.getSearchResults().iterator().next().setName(args[3]);

        SearchByClass<HeaderManager> headers = new SearchByClass<>(HeaderManager.class);
        tree.traverse(headers);
        headers.getSearchResults().iterator().next().add(new Header(args[4], args[5]));

        File edited = new File(args[2]);
        Files.createDirectories(edited.toPath().getParent());
        try (OutputStream out = new FileOutputStream(edited)) {
            SaveService.saveTree(tree, out);
        }
        System.out.println("SAVED " + edited);
        System.exit(0);
    }
}
