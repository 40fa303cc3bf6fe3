;;; cgt-mode.el --- Major mode for cgt files (combinatorial game positions) -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; A major mode for `.cgt' files: comments, colours, and the cgt language server
;; (`cgt lsp') through eglot, which shows each statement's value on hover (and, with
;; Emacs 29's eglot, as an inlay hint at the end of the line), failing checks and
;; errors as flymake diagnostics, completion, rename, formatting and code actions.
;;
;;   (add-to-list 'load-path "/path/to/cgt/editors/emacs")
;;   (require 'cgt-mode)
;;   (add-hook 'cgt-mode-hook #'eglot-ensure)   ; start the server with every .cgt file
;;
;; The server is `cgt-server-program' (default "cgt", looked up on `exec-path'); install it
;; with `cargo install --path crates/cgt-cli' from a clone of cgt.

;;; Code:

(defgroup cgt nil
  "Combinatorial game positions in .cgt files."
  :group 'languages
  :prefix "cgt-")

(defcustom cgt-server-program "cgt"
  "The cgt executable, started as `cgt lsp' by eglot."
  :type 'string)

(defcustom cgt-budget-ms 2000
  "The time budget for evaluating one statement, in milliseconds."
  :type 'integer)

(defcustom cgt-unicode nil
  "Non-nil shows values with ↑ ↓ ± instead of ^ v +-."
  :type 'boolean)

(defcustom cgt-inlay-hints t
  "Non-nil shows each statement's value at the end of its line (inlay hints).
Needs an eglot that has `eglot-inlay-hints-mode' (Emacs 29 and newer)."
  :type 'boolean)

(defconst cgt--rulesets
  '("boxes" "tree" "toppling" "domineering" "nim" "stones" "octal" "kayles"
    "dawson" "deque" "graph" "fair"))

(defconst cgt--functions
  '("outcome" "cf" "options" "birthday" "leftstop" "rightstop" "mean" "temp"
    "thermograph" "atomic" "grundy" "period" "diminished" "selective" "shortened"
    "conjunctive" "continued"))

(defconst cgt-font-lock-keywords
  `(("\\_<\\(let\\)\\_>[ \t]+\\([A-Za-z_][A-Za-z0-9_']*\\)"
     (1 font-lock-keyword-face) (2 font-lock-variable-name-face))
    ("\\_<\\(is\\)[ \t]+\\(L\\|R\\|P\\|N\\|win\\|loss\\|draw\\)\\_>"
     (1 font-lock-keyword-face) (2 font-lock-constant-face))
    ("\\_<\\(let\\|is\\|misere\\)\\_>" . font-lock-keyword-face)
    (,(concat "\\_<" (regexp-opt cgt--rulesets t) "[ \t]*\\[") 1 font-lock-type-face)
    (,(concat "\\_<" (regexp-opt cgt--functions t) "[ \t]*(") 1 font-lock-builtin-face)
    ("\\_<[0-9]+\\(?:/[0-9]+\\|\\.[0-9]+\\|x[0-9]+\\)?\\_>" . font-lock-constant-face)
    ("\\*[0-9]*\\|\\^[0-9]*\\|↑+\\|↓+\\|\\+-\\|±" . font-lock-constant-face)
    ("\\_<[BW_]+\\(?:\\.[BW_]+\\)*\\_>" . font-lock-constant-face)
    ("==\\|!=\\|<=\\|>=\\|<>\\|[≠≤≥]" . font-lock-builtin-face))
  "Colours for `cgt-mode' (a small part of grammar/cgt.tmLanguage.json).")

(defvar cgt-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?' "_" table)
    (modify-syntax-entry ?< "(>" table)
    (modify-syntax-entry ?> ")<" table)
    (dolist (c '(?+ ?- ?* ?/ ?| ?: ?= ?! ?^ ?. ?,))
      (modify-syntax-entry c "." table))
    table)
  "Syntax table for `cgt-mode'.")

;;;###autoload
(define-derived-mode cgt-mode prog-mode "cgt"
  "Major mode for cgt files: combinatorial game positions, values and checks."
  :syntax-table cgt-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local font-lock-defaults '(cgt-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.cgt\\'" . cgt-mode))

(defun cgt-eglot-contact (&optional _interactive)
  "The eglot contact for cgt: `cgt-server-program' lsp, with its options."
  (list (or (executable-find cgt-server-program) cgt-server-program) "lsp"
        :initializationOptions
        (list :budgetMs cgt-budget-ms :unicode (if cgt-unicode t :json-false))))

(defun cgt--missing-server ()
  "Say how to install the server when `cgt-server-program' is not found."
  (message (concat "cgt: the language server `%s' was not found. Install it with "
                   "`cargo install --path crates/cgt-cli' from a clone of cgt, "
                   "or set `cgt-server-program'.")
           cgt-server-program))

(defun cgt--eglot-contact-or-complain (&optional interactive)
  "`cgt-eglot-contact' (INTERACTIVE is eglot's); says if the server is missing."
  (unless (executable-find cgt-server-program)
    (cgt--missing-server))
  (cgt-eglot-contact interactive))

(defvar eglot-server-programs)

(defun cgt--eglot-managed ()
  "Turn inlay hints on in cgt buffers that eglot manages (see `cgt-inlay-hints')."
  (when (and cgt-inlay-hints (derived-mode-p 'cgt-mode) (fboundp 'eglot-inlay-hints-mode)
             (fboundp 'eglot-managed-p) (eglot-managed-p))
    (eglot-inlay-hints-mode 1)))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(cgt-mode . cgt--eglot-contact-or-complain))
  (add-hook 'eglot-managed-mode-hook #'cgt--eglot-managed))

(provide 'cgt-mode)
;;; cgt-mode.el ends here
