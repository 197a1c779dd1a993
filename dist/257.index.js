export const id = 257;
export const ids = [257];
export const modules = {

/***/ 9257:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   hello: () => (/* binding */ hello)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);

function hello() { console.log(typeof _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q); }


/***/ })

};

//# sourceMappingURL=257.index.js.map