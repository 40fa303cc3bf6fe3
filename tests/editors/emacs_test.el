;;; emacs_test.el --- eglot driving the real `cgt lsp' (run by tests/editors/emacs.sh) -*- lexical-binding: t; -*-

;; Opens homework.cgt (in the current directory) with editors/emacs/cgt-mode.el and the setup
;; its README gives (`eglot-ensure' in `cgt-mode-hook'), then checks from the editor:
;; (a) the value 1/8 of line 1 is shown: as an inlay hint where eglot has them (Emacs 29+),
;;     and by eldoc at point (the echo area) with eglot's hover;
;; (b) the failing check on line 2 is a flymake diagnostic whose text contains -3/8;
;; (c) the hover on `WBBW.BW' contains 1/8.
;; Writes PASS/FAIL lines to $CGT_RESULT and exits 0 when every check passed, 1 when not.

(require 'cl-lib)
(require 'eglot)
(require 'cgt-mode)

(defvar cgt-test-timeout (string-to-number (or (getenv "CGT_EDITOR_TIMEOUT") "30")))
(defvar cgt-test-lines nil)
(defvar cgt-test-failed nil)

(defun cgt-test-record (ok what &optional detail)
  (push (format "%s emacs: %s%s" (if ok "PASS" "FAIL") what
                (if detail (concat " — " (replace-regexp-in-string "\n" " " detail)) ""))
        cgt-test-lines)
  (unless ok (setq cgt-test-failed t)))

(defun cgt-test-wait (pred)
  "Run the event loop (as an idle editor would) until PRED is non-nil or the timeout passes."
  (let ((deadline (+ (float-time) cgt-test-timeout)) (value nil))
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      ;; What finishing a command does in an interactive Emacs (eglot-ensure and flymake
      ;; hook into it).
      (run-hooks 'post-command-hook))
    value))

(defun cgt-test-finish ()
  (with-temp-file (or (getenv "CGT_RESULT") "emacs-result.txt")
    (insert (mapconcat #'identity (reverse cgt-test-lines) "\n") "\n"))
  (ignore-errors (eglot-shutdown-all))
  (kill-emacs (if cgt-test-failed 1 0)))

(defun cgt-test-line-1-overlay-text ()
  "The inlay hint text eglot put on line 1, if any."
  (cl-loop for ov in (overlays-in (point-min) (save-excursion (goto-char (point-min)) (line-end-position 2)))
           for s = (or (overlay-get ov 'after-string) (overlay-get ov 'before-string))
           when (and s (string-match-p "1/8" s)) return (substring-no-properties s)))

(defun cgt-test-run ()
  (setq cgt-server-program (getenv "CGT_BIN"))
  (add-hook 'cgt-mode-hook #'eglot-ensure)
  (find-file "homework.cgt")
  (cgt-test-record (eq major-mode 'cgt-mode) "a .cgt file opens in cgt-mode" (symbol-name major-mode))
  (let ((server (cgt-test-wait (lambda () (and (bound-and-true-p eglot--managed-mode) (eglot-current-server))))))
    (cgt-test-record server "eglot connected to cgt lsp"
                     (if server (format "%S" (process-command (jsonrpc--process server)))
                       "no server within the timeout"))
    (when server
      ;; (b) The failing check, as flymake shows it.
      (let ((diag (cgt-test-wait
                   (lambda ()
                     (cl-find-if (lambda (d) (string-match-p "-3/8" (flymake-diagnostic-text d)))
                                 (flymake-diagnostics))))))
        (cgt-test-record (and diag (= 2 (line-number-at-pos (flymake-diagnostic-beg diag))))
                         "flymake diagnostic on line 2 mentions -3/8"
                         (if diag (format "line %d: %s" (line-number-at-pos (flymake-diagnostic-beg diag))
                                          (flymake-diagnostic-text diag))
                           (format "none within the timeout (flymake has %d)" (length (flymake-diagnostics))))))
      (goto-char (point-min))
      (forward-char 2)
      ;; (a) The value, as an inlay hint where this eglot has them.
      (if (fboundp 'eglot-inlay-hints-mode)
          (progn
            (eglot-inlay-hints-mode 1)
            (let ((hint (cgt-test-wait
                         (lambda ()
                           ;; Hints are fetched for what redisplay shows; batch Emacs has none.
                           (when (fboundp 'eglot--update-hints)
                             (ignore-errors (eglot--update-hints (point-min) (point-max))))
                           (cgt-test-line-1-overlay-text)))))
              (cgt-test-record hint "inlay hint on line 1 shows 1/8" (or hint "none within the timeout"))))
        (push (format "NOTE emacs: this eglot (%s) has no inlay hints; the value is shown by eldoc instead"
                      (file-name-nondirectory (directory-file-name (file-name-directory (locate-library "eglot")))))
              cgt-test-lines))
      ;; (a) The value at point in the echo area: eldoc runs eglot's hover.
      (let* ((shown nil)
             (eldoc-display-functions
              (list (lambda (docs _interactive)
                      (setq shown (mapconcat (lambda (d) (format "%s" (car d))) docs "\n"))))))
        (eldoc-print-current-symbol-info)
        (cgt-test-wait (lambda () shown))
        (cgt-test-record (and shown (string-match-p "1/8" shown)) "eldoc at WBBW.BW shows 1/8"
                         (if shown (truncate-string-to-width shown 120) "nothing within the timeout")))
      ;; (c) Hover on `WBBW.BW' (eglot's hover, the text eldoc and M-x eldoc-doc-buffer show).
      (let ((hover nil))
        (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
        (cgt-test-wait (lambda () hover))
        (cgt-test-record (and hover (string-match-p "1/8" hover)) "hover on WBBW.BW shows 1/8"
                         (if hover (truncate-string-to-width (substring-no-properties hover) 120)
                           "no hover within the timeout"))))))

(condition-case err
    (cgt-test-run)
  (error (cgt-test-record nil "the test script ran" (error-message-string err))))
(cgt-test-finish)
;;; emacs_test.el ends here
